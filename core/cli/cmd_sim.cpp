// sandtable sim SCENARIO --trials N [--threads T] [--seed S] [--variant NAME=FILE.lua]...
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/experiment/report.hpp"
#include "sandtable/experiment/session.hpp"
#include "sandtable/experiment/stats.hpp"
#include "sandtable/lua/convert.hpp"

namespace sandtable::cli {
namespace {

std::string dir_of(const std::string& path) {
  const auto dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

} // namespace

Action add_sim(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("sim", "Run many battles on all cores, with house-rule variants side by side");
  struct Opts {
    std::string scenario, format = "table", out, trials_out, report;
    std::uint64_t trials = 1000, seed = 1, max_trials = 100000;
    unsigned threads = 0;
    double until_ci = 0, timeout = 30;
    std::vector<std::string> variants;
    bool referee = false;
    bool quiet = false, keep_going = false;
    std::string shard, resume;  // issue 19: shards, resume (the rest in experiment/session.cpp)
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("scenario", o->scenario,
                  "Scenario YAML, from the current directory or the shipped data (required unless --resume)");
  cmd->add_option("--trials,-n", o->trials, "Battles per variant (1 or more)")->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--threads,-j", o->threads, "Worker threads (default: all cores)");
  cmd->add_option("--seed", o->seed, "Experiment seed; trial i uses a seed derived from (seed, i)")->capture_default_str();
  cmd->add_option("--variant", o->variants,
                  "NAME=FILE.lua: a house rule run on the same trials (repeatable; names are unique and not "
                  "'baseline')");
  cmd->add_option("--until-ci", o->until_ci,
                  "Run rounds of --trials (at least 100) until every rate's 95% interval is narrower than +/- X "
                  "(e.g. 0.02)");
  cmd->add_option("--max-trials", o->max_trials, "Cap for --until-ci")->capture_default_str();
  cmd->add_option("--trial-timeout", o->timeout,
                  "Seconds before the watchdog stops one trial; the variant's remaining trials are then skipped")
      ->capture_default_str();
  cmd->add_option("--format", o->format, "table, csv or json")->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  cmd->add_flag("--referee", o->referee,
                "Check the rules' invariants after every phase of every battle; a violation fails its trial "
                "(slower; docs/referee.md)");
  cmd->add_option("--out", o->out, "Write the summary to FILE instead of stdout");
  cmd->add_option("--trials-out", o->trials_out, "Write every trial's result as JSON lines to FILE");
  cmd->add_option("--report", o->report,
                  "Write an HTML report (charts of the rates and battle lengths) to FILE, and the CSV beside it");
  cmd->add_flag("--quiet", o->quiet, "No progress or timing on stderr; only the summary (and errors)");
  cmd->add_flag("--keep-going", o->keep_going, "Exit 0 even when some trials failed (they are still listed)");
  cmd->add_option("--shard", o->shard,
                  "K/N: run only shard K of N (trials i with i % N == K-1), for job arrays; needs --trials-out; "
                  "`sandtable merge` the N files");
  cmd->add_option("--resume", o->resume,
                  "Continue the killed or interrupted run whose --trials-out is FILE (the experiment is read from "
                  "it; only the missing trials run)");
  return [o, &global, cmd] {
    experiment::RunInfo info;
    if (!o->resume.empty()) {
      for (const char* opt : {"scenario", "--trials", "--seed", "--variant", "--until-ci", "--max-trials",
                              "--trial-timeout", "--referee", "--shard"})
        if (cmd->count(opt) > 0)
          throw Error(fmt::format("--resume {} takes the experiment from that file: leave out {}", o->resume,
                                  std::string(opt) == "scenario" ? "the scenario" : opt));
      // The experiment is the one in the file's header; only where the
      // outputs go (and the thread count) come from this command line.
      const Value header = experiment::read_header(o->resume);
      const Value& args = header["args"];
      if (!args["scenario"].is_string())
        throw Error(fmt::format("{}: its header lacks the sim options (not written by `sandtable sim`)", o->resume));
      o->scenario = args["scenario"].as_string();
      o->variants.clear();
      for (const auto& v : args["variants"].as_list()) o->variants.push_back(v.as_string());
      o->seed = static_cast<std::uint64_t>(args["seed"].as_int());
      o->trials = static_cast<std::uint64_t>(args["trials"].as_int());
      o->max_trials = static_cast<std::uint64_t>(args["max_trials"].as_int());
      o->until_ci = args["until_ci"].as_number();
      o->timeout = args["trial_timeout"].as_number();
      o->referee = args["referee"].as_bool();
      o->shard = header["shard"].is_string() ? header["shard"].as_string() : "";
    }
    if (o->scenario.empty()) throw UsageError("sim: a SCENARIO is required (or --resume FILE)");
    if (!o->shard.empty()) info.shard = experiment::parse_shard(o->shard);
    {
      Value vs(Value::List{});
      for (const auto& v : o->variants) vs.push(v);
      info.args = Value(Value::Map{{"scenario", o->scenario}, {"variants", vs},
                                   {"seed", static_cast<std::int64_t>(o->seed)},
                                   {"trials", static_cast<std::int64_t>(o->trials)},
                                   {"max_trials", static_cast<std::int64_t>(o->max_trials)},
                                   {"until_ci", o->until_ci}, {"trial_timeout", o->timeout},
                                   {"referee", o->referee}});
    }
    // Where the results go is checked before the trials run (a typo in a
    // directory name used to lose an hour of results after the run).
    if (!o->out.empty()) check_writable(o->out, "summary");
    if (!o->trials_out.empty()) check_writable(o->trials_out, "trial results");
    if (!o->report.empty()) {
      check_writable(o->report, "report");
      check_writable(std::filesystem::path(o->report).replace_extension(".csv").string(), "report's CSV");
    }
    experiment::Spec spec;
    spec.module = "lib.battle_trial";
    spec.seed = o->seed;
    spec.threads = o->threads;
    spec.until_ci = o->until_ci;
    spec.trials = o->until_ci > 0 ? o->max_trials : o->trials;
    spec.batch = std::max<std::uint64_t>(100, o->trials);
    spec.watchdog_seconds = o->timeout;
    spec.host = global.host_options();
    const std::string scenario = input_file(o->scenario);
    spec.host.readable_dirs.push_back(dir_of(scenario));
    auto params = [&](const std::string& house_rule) {
      Value p(Value::Map{{"scenario", scenario}});
      if (!house_rule.empty()) p.set("house_rules", Value(Value::List{house_rule}));
      if (o->referee) p.set("referee", Value(true));
      return p;
    };
    spec.variants.push_back({"baseline", params("")});
    for (const auto& [name, file] : parse_variants(o->variants)) {
      spec.host.readable_dirs.push_back(dir_of(file));
      spec.variants.push_back({name, params(file)});
    }
    // Every variant is loaded and checked once, here, each in its own Lua
    // state, before any trial: a scenario or house rule that cannot even load
    // is one mistake (one message, file and line), not a thousand failed
    // trials, and no variant's mistake reaches another's results.
    Value sides(Value::List{});
    for (std::size_t i = 0; i < spec.variants.size(); ++i) {
      const auto& v = spec.variants[i];
      LuaHost check(spec.host);
      lua_State* L = check.state();
      check.require(spec.module);
      const int module = lua_gettop(L);
      lua_getfield(L, module, "prepare");
      lua::push_value(L, v.params);
      try {
        check.call(1, 1);
      } catch (const Error& e) {
        if (i == 0) throw;
        throw Error(fmt::format("variant '{}' ({}) cannot be used, so nothing was run:\n{}", v.name,
                                v.params["house_rules"].as_list().front().as_string(), e.what()));
      }
      if (i == 0 && lua_getfield(L, module, "sides") == LUA_TFUNCTION) {
        lua_pushvalue(L, -2);
        check.call(1, 1);
        sides = lua::to_value(L, -1, "sides");
      }
    }
    const double until = o->until_ci;
    info.title = fmt::format("Experiment: {}", o->scenario);
    info.inputs.push_back(scenario);
    for (std::size_t v = 1; v < spec.variants.size(); ++v)
      info.inputs.push_back(spec.variants[v].params["house_rules"].as_list().front().as_string());
    if (sides.is_list() && !sides.as_list().empty()) info.summary_extra.set("sides", sides);
    const auto session = experiment::run_session(
        spec, info, {o->trials_out, o->resume}, o->quiet ? nullptr : experiment::terminal_progress(),
        [until](const experiment::Outcome& so_far) { return experiment::widest_half_width(so_far) < until; });
    if (!session.root) return 0;  // MPI: rank 0 writes the outputs
    const auto& outcome = session.outcome;
    const Value& summary = session.summary;
    std::string text;
    if (o->format == "csv") text = experiment::format_csv(summary);
    else if (o->format == "json") text = experiment::format_json(summary);
    else text = experiment::format_table(summary, fmt::format("Experiment: {}", o->scenario));
    if (o->out.empty()) std::cout << text;
    else write_text_file(o->out, text, "summary");
    if (!o->report.empty()) {
      const std::filesystem::path csv = std::filesystem::path(o->report).replace_extension(".csv");
      write_text_file(csv.string(), experiment::format_csv(summary), "report's CSV");
      LuaHost host(global.host_options());
      lua::push_value(host.state(), summary);
      write_text_file(o->report, lua_page(host, "lib.report_page", "html", fmt::format("Experiment: {}", o->scenario),
                                          csv.filename().string()),
                      "report");
      if (!o->quiet) std::cerr << fmt::format("report: {} and {} written\n", o->report, csv.string());
    }
    if (!o->quiet)
      std::cerr << fmt::format("{} trials x {} variant(s) in {:.2f} s on {} thread(s) ({:.0f} battles/s)\n",
                               outcome.trials_run, spec.variants.size(), outcome.seconds, outcome.threads,
                               static_cast<double>(outcome.trials_run * spec.variants.size()) /
                                   std::max(outcome.seconds, 1e-9));
    if (outcome.interrupted) return 128 + (session.signal ? session.signal : 2);
    std::uint64_t failed = 0, skipped = 0;
    for (const auto& v : outcome.results)
      for (const auto& t : v) {
        failed += t.failed ? 1 : 0;
        skipped += t.skipped ? 1 : 0;
      }
    if ((failed || skipped) && !o->keep_going) {
      std::cerr << fmt::format("sandtable: {} trial(s) failed and {} were skipped (listed above); exit 1 "
                               "(--keep-going exits 0 when trials fail)\n",
                               failed, skipped);
      return 1;
    }
    return 0;
  };
}

} // namespace sandtable::cli
