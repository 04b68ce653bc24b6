#!/usr/bin/env python3
"""ctest: report.html opens in headless Chromium with no script error, and the
numbers it shows (its tables and what its charts were given) equal the CSVs
written beside it. Saves a screenshot in OUT. Exit 77 (ctest: skipped) when
Chromium is missing; tools/setup.sh installs Debian's, so CI runs it.

  html_report_test.py run|sweep|session ENCSIM SOURCE_DIR OUT
Python's standard library only (no pip)."""
import csv
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile

MODE, ENCSIM, SRC, OUT = sys.argv[1:5]
failures = []


def fail(message):
    failures.append(message)
    print("FAILED: " + message)


def chromium():
    for c in ("chromium", "/usr/bin/chromium", "chromium-browser"):
        if shutil.which(c):
            return shutil.which(c)
    return None


BROWSER = chromium()
if not BROWSER:
    print("SKIPPED: no chromium (install Debian's chromium: tools/setup.sh does)")
    sys.exit(77)


def browse(page, *args):
    """Runs headless Chromium on a file; root in a container needs --no-sandbox.
    Each call has its own profile, so two tests can run at once."""
    with tempfile.TemporaryDirectory() as profile:
        cmd = [BROWSER, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
               "--no-first-run", "--hide-scrollbars", "--user-data-dir=" + profile, *args,
               "file://" + os.path.abspath(page)]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            fail("chromium exited %d: %s" % (r.returncode, r.stderr[-2000:]))
        return r.stdout


class Dom(html.parser.HTMLParser):
    """What the test reads of the page: the root's marks, every table cell,
    the fights, the tags that would load something, and two <pre>/<script> blocks."""

    def __init__(self):
        super().__init__()
        self.root = {}
        self.cells = []        # (csv, row, col, text)
        self.fights = []       # (row, trial, narration)
        self.loads = []        # tags with src= or href=
        self.canvases = 0
        self.blocks = {}       # id -> text, for encsim-data and encsim-chart-values
        self._csv = None
        self._cell = None
        self._fight = None
        self._block = None
        self._pre = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.root = a
        if "src" in a or ("href" in a and tag != "a"):
            self.loads.append((tag, a))
        if tag == "canvas":
            self.canvases += 1
        if tag == "table":
            self._csv = a.get("data-csv")
        if tag == "td" and "data-row" in a:
            self._cell = [self._csv, int(a["data-row"]), a["data-col"], ""]
        if tag == "details" and "fight" in a.get("class", ""):
            self._fight = [int(a["data-row"]), a["data-trial"], ""]
        if tag == "pre":
            self._pre = True
        if a.get("id") in ("encsim-data", "encsim-chart-values"):
            self._block = [a["id"], ""]

    def handle_endtag(self, tag):
        if tag == "td" and self._cell:
            self.cells.append(tuple(self._cell))
            self._cell = None
        if tag == "details" and self._fight:
            self.fights.append(tuple(self._fight))
            self._fight = None
        if tag == "pre":
            self._pre = False
        if tag in ("pre", "script") and self._block:
            self.blocks[self._block[0]] = self._block[1]
            self._block = None

    def handle_data(self, data):
        if self._cell:
            self._cell[3] += data
        if self._fight and self._pre:
            self._fight[2] += data
        if self._block:
            self._block[1] += data


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def same_text(page, field):
    # A CSV neutralises formula-like text with a leading apostrophe (docs/csv.md); the page shows it as written.
    return page == field or (field.startswith("'") and page == field[1:])


def close(a, b):
    return a is not None and b is not None and abs(float(a) - float(b)) <= 1e-12


out = os.path.join(OUT, MODE)
shutil.rmtree(out, ignore_errors=True)
os.makedirs(OUT, exist_ok=True)
if MODE == "run":
    # Three variants, the band, Fear and other Daggerheart resources, every kind of fight worth seeing.
    args = ["run", os.path.join(SRC, "scenarios/daggerheart/acid-burrower.yaml"), "-n", "3000", "--seed", "7"]
elif MODE == "session":
    # A session of fights and a rest, four variants: the survival curve and a row per fight per variant.
    args = ["run", os.path.join(SRC, "scenarios/fivey/day.yaml"), "-n", "2000", "--seed", "7"]
else:
    args = ["sweep", os.path.join(SRC, "scenarios/fivey/troll-bridge.yaml"), "--set", "foes.Troll.defense=10..18",
            "-n", "2000", "--seed", "7"]
r = subprocess.run([ENCSIM, *args, "-o", out], capture_output=True, text=True, timeout=300)
if r.returncode != 0:
    print(r.stdout, r.stderr)
    sys.exit(1)
page = os.path.join(out, "report.html")

dom = Dom()
dom.feed(browse(page, "--dump-dom"))
# 1. The scripts ran: no error caught, every chart built.
if "data-errors" in dom.root:
    fail("script errors: " + dom.root["data-errors"])
if dom.root.get("data-ok") != str(dom.canvases) or dom.canvases < 3:
    fail("data-ok is %r for %d canvases" % (dom.root.get("data-ok"), dom.canvases))
if dom.loads:
    fail("the page loads something: %r" % dom.loads[:3])

# 2. Every table cell equals its CSV field, and every row of the CSVs is shown.
csvs = {}
seen = {}
for name, row, col, text in dom.cells:
    if name not in csvs:
        csvs[name] = read_csv(os.path.join(out, name))
    rows = csvs[name]
    if row >= len(rows) or col not in rows[row]:
        fail("%s has no row %d column %s" % (name, row, col))
    elif not same_text(text, rows[row][col]):
        fail("%s row %d %s: page %r, CSV %r" % (name, row, col, text, rows[row][col]))
    seen.setdefault(name, set()).add(row)
for name in ("summary.csv", "combatants.csv"):
    n = len(read_csv(os.path.join(out, name)))
    if len(seen.get(name, ())) != n or n == 0:
        fail("%s: the page shows %d of its %d rows" % (name, len(seen.get(name, ())), n))

# 3. What the charts were given equals the CSVs.
summary = read_csv(os.path.join(out, "summary.csv"))
dists = read_csv(os.path.join(out, "distributions.csv"))
data = json.loads(dom.blocks.get("encsim-data", "{}"))
values = {c["id"]: c["datasets"] for c in json.loads(dom.blocks.get("encsim-chart-values", "[]"))}
key_cols = list(dists[0].keys())[: list(dists[0].keys()).index("metric")]
count = {}
for d in dists:
    count[(tuple(d[k] for k in key_cols), d["metric"], d["value"])] = d["count"]
checked = 0
for i, h in enumerate(data.get("hists", [])):
    datasets = values.get("hist%d" % i, [])
    if len(datasets) != len(summary):
        fail("hist%d (%s): %d series for %d rows" % (i, h["metric"], len(datasets), len(summary)))
        continue
    for s, row in zip(datasets, summary):
        key = tuple(row[k] for k in key_cols)
        for v, c in zip(h["values"], s["counts"]):
            if str(c) != count.get((key, h["metric"], str(v)), "0"):
                fail("hist %s %s value %s: page %s, CSV %s" % (h["metric"], key, v, c, count.get((key, h["metric"], str(v)))))
            checked += 1
        if sum(s["counts"]) != int(row["trials"]):
            fail("hist %s %s: counts add to %d, not %s trials" % (h["metric"], key, sum(s["counts"]), row["trials"]))
if checked == 0 or not any(h["metric"] == "damage_to_party" for h in data.get("hists", [])):
    fail("no distribution was checked")
if MODE == "run" and not any(h["metric"] == "fear_spent" for h in data.get("hists", [])):
    fail("no chart of the Fear spent")

main = values.get("chart0", [])
if MODE == "run":
    ci = next((d for d in main if d["label"] == "party win rate 95% CI"), None)
    rate = next((d for d in main if d["label"] == "party win rate"), None)
    if not ci or not rate or len(rate["data"]) != len(summary):
        fail("the win-rate chart lacks its rows: %r" % [d["label"] for d in main])
    else:
        for k, row in enumerate(summary):
            if not (close(rate["data"][k], row["party_win_rate"]) and close(ci["data"][k][0], row["party_win_ci_low"])
                    and close(ci["data"][k][1], row["party_win_ci_high"])):
                fail("win-rate chart row %d: %r %r, CSV %s [%s, %s]" % (k, rate["data"][k], ci["data"][k],
                     row["party_win_rate"], row["party_win_ci_low"], row["party_win_ci_high"]))
        harsh = next((d for d in main if d["label"].startswith("harshest foes")), None)
        if not harsh or not all(close(harsh["data"][k], row["band_harshest_win_rate"]) for k, row in enumerate(summary)):
            fail("the band's harshest end differs from summary.csv")
    # The fights worth seeing: the ones summary.csv names, each narrated.
    named = [(k, row[c]) for k, row in enumerate(summary) for c in row if c.startswith("fight_") and row[c]]
    if sorted(named) != sorted((f[0], f[1]) for f in dom.fights):
        fail("fights shown %r, summary.csv names %r" % ([(f[0], f[1]) for f in dom.fights], named))
    for row, trial, text in dom.fights:
        if "Result:" not in text:
            fail("fight %s of row %d is not narrated" % (trial, row))
elif MODE == "session":
    # The survival curve: a line per variant, a point per fight at session.csv's survived_rate.
    by_label = {d["label"]: d["data"] for d in main}
    sessions = read_csv(os.path.join(out, "session.csv"))
    for row in sessions:
        line = by_label.get(row["variant"])
        at = [p for p in (line or []) if close(p["x"], row["fight_index"])]
        if len(at) != 1 or not close(at[0]["y"], row["survived_rate"]):
            fail("survival curve of %s at fight %s: %r, CSV %s" % (row["variant"], row["fight_index"], at,
                                                                    row["survived_rate"]))
    if not sessions or len(seen.get("session.csv", ())) != len(sessions):
        fail("session.csv: the page shows %d of its %d rows" % (len(seen.get("session.csv", ())), len(sessions)))
else:
    # A line per variant, its band two datasets; every summary.csv row is one point of them.
    by_label = {d["label"]: d["data"] for d in main}
    points = 0
    for k, row in enumerate(summary):
        name = "[%s]" % row["variant"]
        line, low, high = (by_label.get(name + suffix) for suffix in ("", " 95% CI low", " 95% CI"))
        if not (line and low and high):
            fail("no line for %s: %r" % (name, list(by_label)))
            continue
        at = [i for i, p in enumerate(line) if close(p["x"], row["foes.Troll.defense"])]
        if len(at) != 1:
            fail("%s has %d points at defense %s" % (name, len(at), row["foes.Troll.defense"]))
            continue
        i = at[0]
        if not (close(line[i]["y"], row["party_win_rate"]) and close(low[i]["y"], row["party_win_ci_low"])
                and close(high[i]["y"], row["party_win_ci_high"])):
            fail("curve %s point %d: %r, CSV %s" % (name, i, line[i], row["party_win_rate"]))
        points += 1
    if points != len(summary) or sum(len(d) for l, d in by_label.items() if l.startswith("[") and l.endswith("]")) != points:
        fail("the curve has other points than summary.csv's %d rows" % len(summary))

# 4. A screenshot to look at.
shot = os.path.join(OUT, "report-%s.png" % MODE)
if os.path.exists(shot):
    os.remove(shot)
browse(page, "--screenshot=" + shot, "--window-size=1280,2000")
if not os.path.exists(shot) or os.path.getsize(shot) < 20000:
    fail("no screenshot at " + shot)
with open(shot, "rb") as f:
    if f.read(8) != b"\x89PNG\r\n\x1a\n":
        fail(shot + " is not a PNG")

if failures:
    print("%d failed" % len(failures))
    sys.exit(1)
print("report.html (%s): %d charts, %d table cells and %d distribution counts equal the CSVs; screenshot %s"
      % (MODE, dom.canvases, len(dom.cells), checked, shot))
