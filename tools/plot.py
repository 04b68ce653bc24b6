#!/usr/bin/python3
"""Turn encsim CSVs into PNG charts.

    tools/plot.py results/summary.csv                 # sweep: win rate against the swept value
    tools/plot.py results/summary.csv -o grid.png     # two swept values: a heatmap per variant
    tools/plot.py results/tune.csv                    # tune: every evaluation, the target and the answer
    tools/plot.py results/sensitivity.csv             # sensitivity: effect per step, ranked
    tools/plot.py results/comparison.csv              # variants against the first, paired intervals
    tools/plot.py results/distributions.csv --metric damage_to_party   # a distribution as bars

The kind of file is recognised from its header (docs/csv.md defines the
columns). The PNG goes next to the CSV (same name, .png) unless -o is given.
Needs Debian's python3-matplotlib (tools/setup.sh installs it); the shebang
names Debian's interpreter because that is where the package installs.
"""

import argparse
import csv
import os
import sys
from collections import OrderedDict

try:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt
except ImportError:  # pragma: no cover - reported, not tested
    sys.exit("plot.py: matplotlib is missing; install Debian's python3-matplotlib (tools/setup.sh does)")

# Columns that precede the swept values in summary.csv, and that follow them.
SUMMARY_LEAD = ["scenario", "variant", "ruleset"]
SUMMARY_FIRST_AFTER_KEYS = "trials"


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
        if not rows and f.tell() == 0:
            sys.exit(f"plot.py: {path} is empty")
    with open(path, newline="") as f:
        header = next(csv.reader(f), [])
    return header, rows


def kind_of(header):
    if "role" in header and "evaluation" in header:
        return "tune"
    if "win_change_per_step" in header:
        return "sensitivity"
    if "win_rate_diff" in header:
        return "comparison"
    if header[-4:] == ["metric", "value", "count", "frequency"]:
        return "distributions"
    if header[:3] == SUMMARY_LEAD and "party_win_rate" in header:
        return "summary"
    return None


def number(text):
    """A swept value: an int when it is written as one, else a float."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def series_label(row, many_scenarios):
    return f"{row['scenario']} [{row['variant']}]" if many_scenarios else row["variant"]


def plot_summary(header, rows, args):
    keys = header[len(SUMMARY_LEAD):header.index(SUMMARY_FIRST_AFTER_KEYS)]
    if len(keys) > 1 and any(r[k] == "" for r in rows for k in keys):
        sys.exit("plot.py: this summary.csv comes from `encsim sensitivity` (each probe sets one parameter); "
                 "plot its sensitivity.csv instead")
    if len(keys) == 2:
        return plot_heatmap(keys, rows, args)
    many = len({r["scenario"] for r in rows}) > 1
    if not keys:
        # A plain run: one bar per variant.
        fig, ax = plt.subplots(figsize=(7, 4))
        labels = [series_label(r, many) for r in rows]
        rate = [100 * float(r["party_win_rate"]) for r in rows]
        err = [[100 * (float(r["party_win_rate"]) - float(r["party_win_ci_low"])) for r in rows],
               [100 * (float(r["party_win_ci_high"]) - float(r["party_win_rate"])) for r in rows]]
        ax.bar(labels, rate, yerr=err, capsize=4, color="#4c72b0")
        ax.set_ylabel("party win rate (%)")
        ax.set_ylim(0, 100)
        ax.set_title(args.title or "party win rate by variant (95% CI)")
        return fig
    key = keys[0]
    series = OrderedDict()
    for r in rows:
        if r[key] == "":
            continue
        series.setdefault(series_label(r, many), []).append(r)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    for label, rs in series.items():
        rs.sort(key=lambda r: number(r[key]))
        x = [number(r[key]) for r in rs]
        p = [100 * float(r["party_win_rate"]) for r in rs]
        lo = [100 * float(r["party_win_ci_low"]) for r in rs]
        hi = [100 * float(r["party_win_ci_high"]) for r in rs]
        (line,) = top.plot(x, p, marker="o", markersize=3, label=label)
        top.fill_between(x, lo, hi, alpha=0.25, color=line.get_color(), linewidth=0)
        if "damage_to_party_mean" in rs[0]:
            mean = [float(r["damage_to_party_mean"]) for r in rs]
            p10 = [float(r["damage_to_party_p10"]) for r in rs]
            p90 = [float(r["damage_to_party_p90"]) for r in rs]
            bottom.plot(x, mean, marker="o", markersize=3, color=line.get_color())
            bottom.plot(x, p10, linestyle=":", linewidth=1, color=line.get_color())
            bottom.plot(x, p90, linestyle=":", linewidth=1, color=line.get_color())
    fig.subplots_adjust(hspace=0.08)
    top.set_ylabel("party win rate (%)")
    top.set_ylim(0, 100)
    top.grid(alpha=0.3)
    top.legend(fontsize=8)
    top.set_title(args.title or f"{rows[0]['scenario']}: party win rate against {key} (band: 95% CI)")
    bottom.set_ylabel("damage to party per fight\n(mean; dotted: p10, p90)")
    bottom.set_xlabel(key)
    bottom.grid(alpha=0.3)
    return fig


def plot_heatmap(keys, rows, args):
    ky, kx = keys
    variants = list(OrderedDict.fromkeys(series_label(r, len({r["scenario"] for r in rows}) > 1) for r in rows))
    if args.variant:
        if args.variant not in variants:
            sys.exit(f"plot.py: no variant '{args.variant}'; the file has {', '.join(variants)}")
        variants = [args.variant]
    variants = variants[:4]
    many = len({r["scenario"] for r in rows}) > 1
    ys = sorted({number(r[ky]) for r in rows})
    xs = sorted({number(r[kx]) for r in rows})
    fig, axes = plt.subplots(1, len(variants), figsize=(1.2 + 4.2 * len(variants), 4.2), squeeze=False)
    for ax, v in zip(axes[0], variants):
        grid = [[float("nan")] * len(xs) for _ in ys]
        for r in rows:
            if series_label(r, many) == v:
                grid[ys.index(number(r[ky]))][xs.index(number(r[kx]))] = 100 * float(r["party_win_rate"])
        im = ax.imshow(grid, origin="lower", aspect="auto", cmap="RdYlGn", vmin=0, vmax=100)
        ax.set_xticks(range(len(xs)), [str(x) for x in xs])
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_xlabel(kx)
        ax.set_ylabel(ky)
        ax.set_title(v)
        if len(xs) * len(ys) <= 150:
            for i in range(len(ys)):
                for j in range(len(xs)):
                    if grid[i][j] == grid[i][j]:
                        ax.text(j, i, f"{grid[i][j]:.0f}", ha="center", va="center", fontsize=7)
    fig.colorbar(im, ax=axes[0].tolist(), label="party win rate (%)")
    fig.suptitle(args.title or f"{rows[0]['scenario']}: party win rate")
    return fig


def plot_tune(header, rows, args):
    fig, ax = plt.subplots(figsize=(8, 4.5))
    target = 100 * float(rows[0]["target"])
    param = rows[0]["param"]
    styles = {"answer": ("#d62728", "answer"), "neighbour": ("#ff7f0e", "neighbours")}
    shown = set()
    for r in rows:
        x = number(r["value"])
        p = 100 * float(r["party_win_rate"])
        err = [[p - 100 * float(r["party_win_ci_low"])], [100 * float(r["party_win_ci_high"]) - p]]
        color, label = styles.get(r["role"], ("#4c72b0", "search"))
        ax.errorbar([x], [p], yerr=err, fmt="o", color=color, capsize=3,
                    markersize=3 + 2 * (int(r["trials"]) >= max(int(q["trials"]) for q in rows)),
                    label=None if label in shown else label)
        shown.add(label)
    ax.axhline(target, color="grey", linestyle="--", linewidth=1, label=f"target {target:.1f}%")
    ax.set_xlabel(param)
    ax.set_ylabel("party win rate (%)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(args.title or f"{rows[0]['scenario']}: tuning {param} (bars: 95% CI)")
    return fig


def plot_sensitivity(header, rows, args):
    rows = sorted(rows, key=lambda r: int(r["rank"]), reverse=True)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.45 * len(rows)))
    labels = [f"{r['param']} ({r['value']}, step {r['step']})" for r in rows]
    eff = [100 * float(r["win_change_per_step"]) for r in rows]
    err = [[e - 100 * float(r["win_change_ci_low"]) for e, r in zip(eff, rows)],
           [100 * float(r["win_change_ci_high"]) - e for e, r in zip(eff, rows)]]
    ax.barh(labels, eff, xerr=err, capsize=3, color=["#4c72b0" if e >= 0 else "#c44e52" for e in eff])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("change in party win rate per step (percentage points, 95% CI)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(args.title or "which knob moves the win rate")
    return fig


def plot_comparison(header, rows, args):
    keys = header[3:header.index("trials")]
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.3 * len(rows)))
    labels = [f"{r['variant']} vs {r['baseline']}" + "".join(f", {k}={r[k]}" for k in keys if r[k] != "")
              for r in rows]
    d = [100 * float(r["win_rate_diff"]) for r in rows]
    err = [[x - 100 * float(r["win_rate_diff_ci_low"]) for x, r in zip(d, rows)],
           [100 * float(r["win_rate_diff_ci_high"]) - x for x, r in zip(d, rows)]]
    ax.barh(labels, d, xerr=err, capsize=3, color=["#4c72b0" if x >= 0 else "#c44e52" for x in d])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("change in party win rate (percentage points, paired 95% CI)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(args.title or f"{rows[0]['scenario']}: variants on the same dice")
    return fig


def plot_distributions(header, rows, args):
    metrics = list(OrderedDict.fromkeys(r["metric"] for r in rows))
    metric = args.metric or "rounds"
    if metric not in metrics:
        sys.exit(f"plot.py: no metric '{metric}'; the file has {', '.join(metrics)}")
    keys = header[2:header.index("metric")]
    many = len({r["scenario"] for r in rows}) > 1
    series = OrderedDict()
    for r in rows:
        if r["metric"] != metric:
            continue
        label = series_label(r, many) + "".join(f", {k}={r[k]}" for k in keys if r[k] != "")
        series.setdefault(label, []).append((int(r["value"]), 100 * float(r["frequency"])))
    if len(series) > 6:
        return distribution_heatmap(metric, keys, rows, args, many)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(series)
    for i, (label, pts) in enumerate(series.items()):
        ax.bar([v - 0.4 + width * (i + 0.5) for v, _ in pts], [f for _, f in pts], width=width, label=label)
    ax.set_xlabel(metric)
    ax.set_ylabel("fights (%)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7)
    ax.set_title(args.title or f"{rows[0]['scenario']}: distribution of {metric}")
    return fig


def distribution_heatmap(metric, keys, rows, args, many):
    """Many sweep points: one row of frequencies per point, for one variant."""
    variants = list(OrderedDict.fromkeys(series_label(r, many) for r in rows))
    variant = args.variant or variants[0]
    if variant not in variants:
        sys.exit(f"plot.py: no variant '{variant}'; the file has {', '.join(variants)}")
    points = OrderedDict()
    for r in rows:
        if r["metric"] == metric and series_label(r, many) == variant:
            label = ", ".join(f"{k}={r[k]}" for k in keys if r[k] != "") or variant
            points.setdefault(label, {})[int(r["value"])] = 100 * float(r["frequency"])
    top = max(max(p) for p in points.values())
    grid = [[p.get(v, 0.0) for v in range(top + 1)] for p in points.values()]
    fig, ax = plt.subplots(figsize=(8, 1.5 + 0.22 * len(points)))
    im = ax.imshow(grid, aspect="auto", cmap="viridis", origin="lower", interpolation="nearest")
    ax.set_yticks(range(len(points)), list(points.keys()), fontsize=7)
    ax.set_xlabel(metric)
    fig.colorbar(im, ax=ax, label="fights (%)")
    ax.set_title(args.title or f"{rows[0]['scenario']} [{variant}]: distribution of {metric} at each point")
    return fig


PLOTS = {
    "summary": plot_summary,
    "tune": plot_tune,
    "sensitivity": plot_sensitivity,
    "comparison": plot_comparison,
    "distributions": plot_distributions,
}


def plot_file(path, output, args):
    try:
        header, rows = read_csv(path)
    except OSError as e:
        sys.exit(f"plot.py: cannot read {path}: {e.strerror}")
    kind = kind_of(header)
    if kind is None:
        sys.exit(f"plot.py: {path} is not an encsim summary, tune, sensitivity, comparison or distributions CSV")
    if not rows:
        sys.exit(f"plot.py: {path} has a header but no rows (nothing to draw)")
    fig = PLOTS[kind](header, rows, args)
    out = output or os.path.splitext(path)[0] + ".png"
    fig.savefig(out, dpi=110, bbox_inches="tight")
    plt.close(fig)
    print(f"wrote {out}")


def main():
    parser = argparse.ArgumentParser(description="Turn encsim CSVs (summary, tune, sensitivity, comparison, "
                                                 "distributions) into PNG charts.")
    parser.add_argument("csv", nargs="+", help="CSVs written by encsim run/sweep/tune/sensitivity -o DIR")
    parser.add_argument("-o", "--output", help="the PNG to write, for a single CSV (default: its name with .png)")
    parser.add_argument("--metric", help="distributions.csv: which metric (default rounds)")
    parser.add_argument("--variant", help="which variant's heatmap (default: all for a grid, the first otherwise)")
    parser.add_argument("--title", help="the chart's title")
    args = parser.parse_args()
    if args.output and len(args.csv) > 1:
        parser.error("-o names one PNG; with several CSVs each PNG goes next to its CSV")
    for path in args.csv:
        plot_file(path, args.output, args)


if __name__ == "__main__":
    main()
