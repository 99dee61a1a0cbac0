// sandtable sim SCENARIO --trials N [--threads T] [--seed S] [--variant NAME=FILE.lua]...
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/lua/convert.hpp"
#include "sandtable/experiment/report.hpp"
#include "sandtable/experiment/session.hpp"
#include "sandtable/experiment/stats.hpp"
#include "sandtable/lua/convert.hpp"

namespace sandtable::cli {
namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw Error(fmt::format("{}: cannot write here", path));
  out << text;
  if (!out) throw Error(fmt::format("{}: writing failed", path));
}

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
    std::string shard, resume;  // issue 19: shards, resume (the rest in experiment/session.cpp)
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("scenario", o->scenario, "Scenario YAML (required unless --resume)")->check(CLI::ExistingFile);
  cmd->add_option("--trials,-n", o->trials, "Battles per variant")->capture_default_str();
  cmd->add_option("--threads,-j", o->threads, "Worker threads (default: all cores)");
  cmd->add_option("--seed", o->seed, "Experiment seed; trial i uses a seed derived from (seed, i)")->capture_default_str();
  cmd->add_option("--variant", o->variants, "NAME=FILE.lua: a house rule run on the same trials (repeatable)");
  cmd->add_option("--until-ci", o->until_ci,
                  "Run rounds of --trials (at least 100) until every rate's 95% interval is narrower than +/- X "
                  "(e.g. 0.02)");
  cmd->add_option("--max-trials", o->max_trials, "Cap for --until-ci")->capture_default_str();
  cmd->add_option("--trial-timeout", o->timeout, "Seconds before the watchdog stops one trial")->capture_default_str();
  cmd->add_option("--format", o->format, "table, csv or json")->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  cmd->add_flag("--referee", o->referee,
                "Check the rules' invariants after every phase of every battle; a violation fails its trial "
                "(slower; docs/referee.md)");
  cmd->add_option("--out", o->out, "Write the summary to FILE instead of stdout");
  cmd->add_option("--trials-out", o->trials_out, "Write every trial's result as JSON lines to FILE");
  cmd->add_option("--report", o->report,
                  "Write an HTML report (charts of the rates and battle lengths) to FILE, and the CSV beside it");
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
      if (!std::filesystem::is_regular_file(o->scenario))
        throw Error(fmt::format("{}: its scenario {} is not there (resume from the directory the run started in)",
                                o->resume, o->scenario));
    }
    if (o->scenario.empty()) throw Error("sim: a SCENARIO is required (or --resume FILE)");
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
    experiment::Spec spec;
    spec.module = "lib.battle_trial";
    spec.seed = o->seed;
    spec.threads = o->threads;
    spec.until_ci = o->until_ci;
    spec.trials = o->until_ci > 0 ? o->max_trials : o->trials;
    spec.batch = std::max<std::uint64_t>(100, o->trials);
    spec.watchdog_seconds = o->timeout;
    spec.host = global.host_options();
    spec.host.readable_dirs.push_back(dir_of(o->scenario));
    auto params = [&](const std::string& house_rule) {
      Value p(Value::Map{{"scenario", o->scenario}});
      if (!house_rule.empty()) p.set("house_rules", Value(Value::List{house_rule}));
      if (o->referee) p.set("referee", Value(true));
      return p;
    };
    spec.variants.push_back({"baseline", params("")});
    for (const auto& v : o->variants) {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
        throw Error(fmt::format("--variant '{}': expected NAME=FILE.lua", v));
      const std::string file = v.substr(eq + 1);
      if (!std::filesystem::is_regular_file(file)) throw Error(fmt::format("--variant '{}': no file {}", v, file));
      spec.host.readable_dirs.push_back(dir_of(file));
      spec.variants.push_back({v.substr(0, eq), params(file)});
    }
    // A scenario that cannot even load is one mistake, not a thousand failed
    // trials: prepare the baseline once, here, and stop with its message (file,
    // line, what was expected). A variant's house rule that fails is reported
    // per trial with its seed instead, and the run goes on.
    {
      LuaHost check(spec.host);
      lua_State* L = check.state();
      check.require(spec.module);
      lua_getfield(L, -1, "prepare");
      lua::push_value(L, spec.variants.front().params);
      check.call(1, 0);
    }
    const double until = o->until_ci;
    info.title = fmt::format("Experiment: {}", o->scenario);
    info.inputs.push_back(o->scenario);
    for (std::size_t v = 1; v < spec.variants.size(); ++v)
      info.inputs.push_back(spec.variants[v].params["house_rules"].as_list().front().as_string());
    const auto session = experiment::run_session(
        spec, info, {o->trials_out, o->resume}, experiment::terminal_progress(),
        [until](const experiment::Outcome& so_far) { return experiment::widest_half_width(so_far) < until; });
    if (!session.root) return 0;  // MPI: rank 0 writes the outputs
    const auto& outcome = session.outcome;
    const Value& summary = session.summary;
    std::string text;
    if (o->format == "csv") text = experiment::format_csv(summary);
    else if (o->format == "json") text = experiment::format_json(summary);
    else text = experiment::format_table(summary, fmt::format("Experiment: {}", o->scenario));
    if (o->out.empty()) std::cout << text;
    else write_file(o->out, text);
    if (!o->report.empty()) {
      const std::filesystem::path csv = std::filesystem::path(o->report).replace_extension(".csv");
      write_file(csv.string(), experiment::format_csv(summary));
      LuaHost host(global.host_options());
      lua::push_value(host.state(), summary);
      write_file(o->report, lua_page(host, "lib.report_page", "html", fmt::format("Experiment: {}", o->scenario),
                                     csv.filename().string()));
      std::cerr << fmt::format("report: {} and {} written\n", o->report, csv.string());
    }
    std::cerr << fmt::format("{} trials x {} variant(s) in {:.2f} s on {} thread(s) ({:.0f} battles/s)\n",
                             outcome.trials_run, spec.variants.size(), outcome.seconds, outcome.threads,
                             static_cast<double>(outcome.trials_run * spec.variants.size()) /
                                 std::max(outcome.seconds, 1e-9));
    if (outcome.interrupted) return 128 + (session.signal ? session.signal : 2);
    return 0;
  };
}

} // namespace sandtable::cli
