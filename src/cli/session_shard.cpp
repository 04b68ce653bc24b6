// `encsim run SESSION --shard I/N` and the merge of its parts (issue 14,
// docs/sharding.md): a shard runs its whole chunks of every variant's
// sessions and writes a part holding the fights' tallies (one result per
// variant per fight, as `run` reports them) and each variant's SessionTally;
// merge adds them up exactly and renders the session's outputs through the
// same code as `run`, so they are the bytes one machine writes.
#include <filesystem>

#include "cli/session.hpp"

namespace encsim::cli {
namespace {

// What merge needs to compile the session again: its file, the chosen
// variants and the --set values, as given.
struct SessionShardPlan {
  std::string path;
  std::vector<std::string> variants, sets;

  std::string encode() const {
    ByteWriter w;
    w.str(path);
    for (const auto* list : {&variants, &sets}) {
      w.u64(list->size());
      for (const std::string& t : *list) w.str(t);
    }
    return std::move(w.bytes());
  }
  static SessionShardPlan decode(const std::string& bytes) {
    ByteReader r(bytes, "the session plan");
    SessionShardPlan p;
    p.path = r.str();
    for (auto* list : {&p.variants, &p.sets}) {
      list->resize(r.count(8));
      for (std::string& t : *list) t = r.str();
    }
    if (!r.done()) r.fail("it has bytes its contents do not account for");
    return p;
  }
};

}  // namespace

std::uint64_t session_hash(const CompiledSession& c) {
  // The session as a scenario whose variants are its items, variant by variant.
  Scenario sc;
  sc.name = c.session.name;
  sc.ruleset = c.session.ruleset;
  sc.trials = c.session.trials;
  sc.seed = c.session.seed;
  for (const std::size_t vi : c.variants) {
    const SessionVariant& v = c.session.variants[vi];
    for (const SessionItem& it : v.items) {
      Node doc = it.doc;
      if (!it.fight) {
        doc = Node::map({}, it.pos);
        doc.set("rest", it.rest, it.pos);
        if (!it.rest_options.is_null()) doc.set("options", it.rest_options, it.pos);
      }
      sc.variants.push_back({v.name + "\n" + it.name + "\n" + std::to_string(it.key), std::move(doc), Node()});
    }
  }
  return scenario_hash(sc);
}

void run_session_shard(const SessionArgs& a, const CompiledSession& c, RunSettings s,
                       const std::vector<std::pair<std::string, std::string>>& keys) {
  check_shard(a.shard, a.out_dir, a.precision, "run");
  prepare_output_dir(a.out_dir, {std::filesystem::path(part_path(a.out_dir, a.shard)).filename().string()});
  const std::uint64_t total = s.trials;
  apply_shard(s, a.shard);
  std::vector<SessionRun> runs = run_compiled(c, s);
  Part part;
  part.head.command = "session";
  part.head.scenario_hash = session_hash(c);
  part.plan = SessionShardPlan{a.path, a.variants, a.sets}.encode();
  for (const SessionRun& r : runs) part.sessions.push_back(r.session);
  part.results = session_report(c, std::move(runs), s, keys).fights;
  part.totals.assign(part.results.size(), total);
  write_shard_part(a.out_dir, a.shard, part, s);
}

void merge_session(const Part& merged, const RenderOptions& o) {
  const SessionShardPlan plan = SessionShardPlan::decode(merged.plan);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(plan.path, ec))
    throw InputError(SourcePos{}, "these parts are shards of a session; merge compiles it again to report it and "
                                  "needs the session at '" + plan.path + "' (as the shards were given it), which is "
                                  "not there: run merge where that path leads to the session");
  const SessionSets sets = session_sets(plan.path, plan.sets);
  const CompiledSession c = compile_session(plan.path, plan.variants, sets.edits);
  if (session_hash(c) != merged.head.scenario_hash)
    throw InputError(SourcePos{}, "the session at '" + plan.path + "' is not the one the shards ran (edited since?)");
  // The runs again: each variant's SessionTally and its fights' tallies, in order.
  std::vector<SessionRun> runs;
  std::size_t at = 0;
  for (std::size_t j = 0; j < c.encounters.size(); ++j) {
    if (j >= merged.sessions.size() || merged.sessions[j].fights.size() != c.encounters[j].size() ||
        at + c.encounters[j].size() > merged.results.size())
      throw InputError(SourcePos{}, "'" + merged.path + "': its results do not match the session's fights");
    SessionRun r{merged.sessions[j], {}, 0.0};
    for (std::size_t k = 0; k < c.encounters[j].size(); ++k) {
      r.fights.push_back(merged.results[at].tally);
      r.seconds = merged.results[at].seconds;
      ++at;
    }
    runs.push_back(std::move(r));
  }
  if (at != merged.results.size() || runs.size() != merged.sessions.size())
    throw InputError(SourcePos{}, "'" + merged.path + "': its results do not match the session's fights");
  RunSettings s;
  s.seed = merged.head.seed;
  s.trials = merged.head.trials;
  s.threads = o.threads;
  if (!o.out_dir.empty()) prepare_output_dir(o.out_dir, session_file_names());
  render_session(c.session, session_report(c, std::move(runs), s, sets.keys), o.out_dir, o.format);
}

}  // namespace encsim::cli
