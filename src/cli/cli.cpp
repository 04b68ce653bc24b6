#include <CLI/CLI.hpp>

#include "cli/cli.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <optional>
#include <sstream>
#include <streambuf>
#include <system_error>

#include <unistd.h>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/balance.hpp"
#include "cli/shard.hpp"
#include "encsim/error.hpp"
#include "rules/sides.hpp"

namespace encsim::cli {

namespace {

// "2e8", "1.5e6", "100": a whole number written in digits, optionally with a
// fraction and a power of ten, as its digits ("200000000"); "" if it is not
// a whole number from 0 to 2^64 - 1.
std::string whole_number_digits(const std::string& s) {
  std::size_t i = 0;
  std::string digits;  // the mantissa's digits without the point
  std::int64_t point = -1;
  for (; i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'); ++i) {
    if (s[i] == '.') {
      if (point >= 0) return {};
      point = static_cast<std::int64_t>(digits.size());
    } else {
      digits += s[i];
    }
  }
  if (digits.empty()) return {};
  std::int64_t exponent = 0;
  if (i < s.size()) {
    if (s[i] != 'e' && s[i] != 'E') return {};
    ++i;
    if (i < s.size() && s[i] == '+') ++i;
    if (i == s.size() || s.size() - i > 3) return {};
    for (; i < s.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(s[i]))) return {};
      exponent = exponent * 10 + (s[i] - '0');
    }
  }
  // value = digits * 10^(exponent - fraction digits)
  const std::int64_t shift = exponent - (point < 0 ? 0 : static_cast<std::int64_t>(digits.size()) - point);
  if (shift >= 0) {
    if (shift > 40) return {};
    digits += std::string(static_cast<std::size_t>(shift), '0');
  } else {
    const auto drop = static_cast<std::size_t>(-shift);
    if (drop > digits.size() || digits.find_first_not_of('0', digits.size() - drop) != std::string::npos) return {};
    digits.resize(digits.size() - drop);
    if (digits.empty()) digits = "0";
  }
  const std::size_t nz = digits.find_first_not_of('0');
  digits = nz == std::string::npos ? "0" : digits.substr(nz);
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size()) return {};
  return digits;
}

}  // namespace

CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi) {
  // One validator for form and range, so a bad value gets one message; it
  // rewrites "2e8" as "200000000" for CLI11 to read (hence transform(), not check()).
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const std::string digits = whole_number_digits(s);
        std::uint64_t v = 0;
        if (!digits.empty()) std::from_chars(digits.data(), digits.data() + digits.size(), v);
        if (digits.empty() || v < lo || v > hi)
          return "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                 " (digits, or like 2e8), got '" + s + "'";
        s = digits;
        return {};
      },
      "UINT64");
}

const CLI::Validator kUnsigned = whole_number(0, UINT64_MAX);

std::string terminal_safe(std::string_view text) {
  std::string out;
  TerminalFilter filter;
  for (char c : text) filter.put(static_cast<unsigned char>(c), [&](char x) { out += x; });
  filter.finish([&](char x) { out += x; });
  return out;
}

const CLI::Validator kFinite(
    [](std::string& s) -> std::string {
      char* end = nullptr;
      const double v = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != '\0' || !std::isfinite(v)) return "expected a number, got '" + s + "'";
      return {};
    },
    "NUMBER");

CLI::Validator fraction(double lo, double hi, const char* example) {
  // One message for form and range; "60%" is rewritten as "0.6" for CLI11
  // to read (transform(), not check()). A bare 60 is no fraction: it is
  // refused with both ways to write what was likely meant.
  return CLI::Validator(
      [lo, hi, example](std::string& s) -> std::string {
        const bool percent = !s.empty() && s.back() == '%';
        const std::string number = percent ? s.substr(0, s.size() - 1) : s;
        char* end = nullptr;
        double v = std::strtod(number.c_str(), &end);
        const auto show = [](double x) {
          std::ostringstream os;
          os << x;
          return os.str();
        };
        const std::string forms = "a fraction from " + show(lo) + " to " + show(hi) + " or a percentage (" + example +
                                  " or " + show(std::stod(example) * 100) + "%)";
        if (number.empty() || *end != '\0' || !std::isfinite(v)) return "expected " + forms + ", got '" + s + "'";
        if (percent) v /= 100;
        if (v < lo || v > hi) {
          if (!percent && v / 100 >= lo && v / 100 <= hi)
            return "expected " + forms + ", got " + s + "; for " + s + " percent write " + show(v / 100) + " or " + s + "%";
          return "expected " + forms + ", got '" + s + "'";
        }
        s = show(v);
        return {};
      },
      "FRACTION");
}

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> kTable{
      {"run", "simulate scenarios and report win rates, rounds, damage and resources", &setup_run},
      {"check", "validate scenarios and print the compiled encounters", &setup_check},
      {"rules", "list the rule systems, or the YAML keys of one", &setup_rules},
      {"replay", "narrate one simulated fight turn by turn", &setup_replay},
      {"list", "list the shipped libraries, or one library's entries with their key figures", &setup_list},
      {"sweep", "run a scenario over a range (or grid) of values of one or two parameters", &setup_sweep},
      {"tune", "find the value of a parameter that gives a target party win rate", &setup_tune},
      {"sensitivity", "rank parameters by how much one step of each moves the party win rate", &setup_sensitivity},
      {"merge", "add up the partial results of --shard runs into the outputs of one machine", &setup_merge},
      {"bench", "a fixed workload: combats per second and a hash of the results", &setup_bench},
  };
  return kTable;
}

Prepared prepare(const std::string& path, const std::vector<std::string>& only, bool band,
                 const std::vector<std::string>& sets) {
  Prepared p{load_scenario(path, ruleset_ids()), {}, {}};
  std::vector<std::string> all;
  for (const Variant& v : p.scenario.variants) all.push_back(v.name);
  for (const std::string& want : only)
    if (std::find(all.begin(), all.end(), want) == all.end())
      throw InputError(SourcePos{}, "scenario '" + path + "' has no variant '" + want + "'" + did_you_mean(want, all) +
                                        "; it has " + one_of(all));
  for (const Variant& v : p.scenario.variants)
    if (only.empty() || std::find(only.begin(), only.end(), v.name) != only.end()) p.variant_names.push_back(v.name);
  // --set: each path resolved against the scenario as written, one value.
  std::vector<Edit> edits;
  for (const std::string& text : sets) {
    const ParamValues pv = parse_value_list(p, "--set", text);
    if (pv.values.size() != 1)
      throw InputError(pv.param.value_pos, "--set takes one value here; to compare several, use `encsim sweep --set " +
                                               text + "`");
    for (const auto& set : p.keys)
      if (set.first == pv.param.path) throw InputError(pv.param.pos, "'" + pv.param.path + "' is set twice");
    for (const std::string& v : variants_overriding(p, pv.param))
      throw InputError(pv.param.pos, "variant '" + v + "' sets '" + pv.param.path +
                                         "' itself, so --set would not reach it; leave it out with --variant");
    const std::string value = pv.param.text(pv.values[0]);
    edits.push_back({pv.param.path, Node::scalar(value, pv.param.value_pos), pv.param.pos});
    p.keys.emplace_back(pv.param.path, value);
  }
  for (const Variant& written : p.scenario.variants) {
    if (std::find(p.variant_names.begin(), p.variant_names.end(), written.name) == p.variant_names.end()) continue;
    const Variant v = edits.empty() ? written
                                    : Variant{written.name, edited_doc(p.scenario, written, edits), written.set};
    try {
      p.encounters.push_back(compile_variant(p.scenario, v));
    } catch (const InputError& e) {
      const bool base = &written == &p.scenario.variants.front();
      if (base && edits.empty()) throw;
      // The --set values or the variant's overrides caused this: say so.
      std::string with;
      for (const auto& [k, value] : p.keys) with += (with.empty() ? " (with " : ", ") + k + " = " + value;
      if (!with.empty()) with += ")";
      throw InputError(e.pos(), e.message() + with + (base ? "" : " (in variant '" + v.name + "')"));
    }
    if (band) p.bands.push_back(band_encounters(p.scenario, v));
  }
  return p;
}

std::vector<BandEncounter> band_encounters(const Scenario& scenario, const Variant& v) {
  const StyleSpec& spec = ruleset(scenario.ruleset).styles();
  if (spec.foes.size() < 2) return {};
  const StyleChoice chosen = rules::read_style(v.doc, spec, scenario.ruleset);
  std::vector<BandEncounter> ends;
  for (const std::size_t end : {std::size_t{0}, spec.foes.size() - 1}) {
    BandEncounter b{std::string(spec.foes[end].name), std::nullopt};
    if (static_cast<std::size_t>(chosen.foes) != end) {
      Node doc = v.doc;
      set_path(doc, "style.foes", Node::scalar(b.foes, v.doc.pos()), v.doc.pos());
      b.encounter = compile_variant(scenario, Variant{v.name, std::move(doc), v.set});
    }
    ends.push_back(std::move(b));
  }
  return ends;
}

VariantResult make_result(const Scenario& scenario, const std::string& variant, const AnyEncounter& enc, RunResult run,
                          const RunSettings& settings) {
  VariantResult v;
  v.scenario = scenario.name;
  v.variant = variant;
  v.ruleset = scenario.ruleset;
  v.seed = settings.seed;
  v.description = scenario.description;
  for (const Variant& written : scenario.variants)
    if (written.name == variant) v.variant_note = written.note;
  v.tally = std::move(run.tally);
  std::visit(
      [&](const auto& e) {
        v.style_foes = e.styles().foes[static_cast<std::size_t>(e.style.foes)].name;
        v.style_party = e.styles().party[static_cast<std::size_t>(e.style.party)].name;
        v.behaviour = e.behaviour();
        v.combatants = e.roster();
        v.resources = e.resource_specs();
        v.extras = e.extra_specs();
        v.damage_unit = e.kDamageUnit;
        v.features = e.features();
        const ScreenSpec& screen = e.screen();
        v.coverage = screen.coverage;
        v.headline.assign(screen.headline.begin(), screen.headline.end());
        if constexpr (requires { e.facts(); }) {
          v.facts = e.facts();
          v.note = e.note();
        }
      },
      enc);
  v.seconds = run.seconds;
  v.precision = settings.precision;
  v.precision_reached = run.precision_reached;
  return v;
}

JointResult run_encounters(const std::vector<const AnyEncounter*>& encs,
                           const std::vector<std::pair<std::size_t, std::size_t>>& pairs, const RunSettings& s) {
  ENCSIM_CHECK(!encs.empty());
  // The std::visit of the run: encounters of one scenario share its rule
  // system, so all hold the first one's alternative.
  return std::visit(
      [&](const auto& first) {
        using Enc = std::decay_t<decltype(first)>;
        std::vector<const Enc*> typed;
        for (const AnyEncounter* e : encs) typed.push_back(&std::get<Enc>(*e));
        return run_joint(typed, pairs, s);
      },
      *encs.front());
}

std::vector<VariantResult> run_prepared(const Prepared& p, const RunSettings& settings) {
  std::vector<const AnyEncounter*> encs;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  const std::size_t n = p.encounters.size();
  for (std::size_t i = 0; i < n; ++i) {
    encs.push_back(&p.encounters[i]);
    if (i > 0) pairs.emplace_back(0, i);
  }
  // The band's encounters run after the variants, in the same trials: what
  // each end of the band reads (the variant itself when it plays that style).
  std::vector<std::vector<std::size_t>> band_runs(n);
  for (std::size_t i = 0; i < p.bands.size(); ++i)
    for (const BandEncounter& b : p.bands[i]) {
      band_runs[i].push_back(b.encounter ? encs.size() : i);
      if (b.encounter) encs.push_back(&*b.encounter);
    }
  JointResult joint = run_encounters(encs, pairs, settings);
  std::vector<VariantResult> out;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<VariantResult::BandEnd> band;
    for (std::size_t k = 0; k < band_runs[i].size(); ++k) {
      const Tally& t = joint.runs[band_runs[i][k]].tally;
      band.push_back({p.bands[i][k].foes, t.trials, t.party_wins});
    }
    out.push_back(make_result(p.scenario, p.variant_names[i], p.encounters[i], std::move(joint.runs[i]), settings));
    out.back().band = std::move(band);
    out.back().keys = p.keys;
    if (i > 0) {
      out.back().paired_with = p.variant_names[0];
      out.back().paired = joint.paired[i - 1];
    }
  }
  return out;
}

namespace {

// Standard output is flushed and checked before encsim reports success:
// `encsim run ... > /dev/full` must not exit 0.
int check_stdout(int code) {
  errno = 0;
  std::cout.flush();
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout;
  if (!failed) return code;
  const int err = errno != 0 ? errno : EIO;
  std::cerr << "encsim: error: cannot write to standard output: " << std::generic_category().message(err) << "\n";
  return code == kExitOk ? kExitIo : code;
}

int run_app(int argc, char** argv) {
  CLI::App app{"encsim: Monte Carlo encounter-balance simulator for tabletop role-playing games"};
  app.set_version_flag("--version", std::string("encsim ") + ENCSIM_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  std::vector<std::string> names;
  for (const Subcommand& s : subcommands()) {
    s.setup(*app.add_subcommand(s.name, s.description));
    names.emplace_back(s.name);
  }
  // ninja-style: an unknown subcommand gets a did-you-mean before CLI11 sees it.
  if (argc > 1 && argv[1][0] != '-' &&
      std::find(names.begin(), names.end(), std::string(argv[1])) == names.end()) {
    std::cerr << "encsim: unknown command '" << clip_words(argv[1]) << "'" << did_you_mean(argv[1], names)
              << "; commands: " << one_of(names) << "\n";
    return kExitInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitInput;
  } catch (const InputError& e) {
    abandon_output();
    std::cerr << e.render();
    return kExitInput;
  } catch (const IoError& e) {
    abandon_output();
    std::cerr << "encsim: error: " << e.what() << "\n";
    return kExitIo;
  } catch (const std::exception& e) {
    abandon_output();
    std::cerr << "encsim: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitOk;
}

}  // namespace

// On a terminal, standard output and error pass through a TerminalFilter.
class FilterBuf final : public std::streambuf {
 public:
  explicit FilterBuf(std::streambuf* out) : out_(out) {}
  ~FilterBuf() override { filter_.finish([this](char c) { out_->sputc(c); }); }

 protected:
  int overflow(int ch) override {
    if (ch == traits_type::eof()) return traits_type::not_eof(ch);
    return emit(static_cast<unsigned char>(ch)) ? ch : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i)
      if (!emit(static_cast<unsigned char>(s[i]))) return i;
    return n;
  }
  int sync() override { return out_->pubsync(); }

 private:
  bool emit(unsigned char c) {
    bool ok = true;
    filter_.put(c, [&](char x) { ok = ok && out_->sputc(x) != traits_type::eof(); });
    return ok;
  }
  std::streambuf* out_;
  TerminalFilter filter_;
};

int main(int argc, char** argv) {
  install_output_cleanup();
  // Names come from scenario files: an escape sequence in one must not drive
  // the user's terminal. Files and pipes get the bytes as they are.
  std::streambuf* const out_raw = std::cout.rdbuf();
  std::streambuf* const err_raw = std::cerr.rdbuf();
  std::optional<FilterBuf> out_filter, err_filter;
  if (::isatty(STDOUT_FILENO)) std::cout.rdbuf(&out_filter.emplace(out_raw));
  if (::isatty(STDERR_FILENO)) std::cerr.rdbuf(&err_filter.emplace(err_raw));
  const int code = check_stdout(run_app(argc, argv));
  std::cout.rdbuf(out_raw);
  std::cerr.rdbuf(err_raw);
  return code;
}

}  // namespace encsim::cli
