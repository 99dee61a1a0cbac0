// sandtable sim SCENARIO --trials N [--threads T] [--seed S] [--variant NAME=FILE.lua]...
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/lua/convert.hpp"
#include "sandtable/experiment/report.hpp"
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
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("scenario", o->scenario, "Scenario YAML")->required()->check(CLI::ExistingFile);
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
  return [o, &global] {
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
    const auto outcome = experiment::run(spec, experiment::terminal_progress(), [until](const experiment::Outcome& so_far) {
      return experiment::widest_half_width(so_far) < until;
    });
    const Value summary = experiment::summarize(spec, outcome);
    std::string text;
    if (o->format == "csv") text = experiment::format_csv(summary);
    else if (o->format == "json") text = experiment::format_json(summary);
    else text = experiment::format_table(summary, fmt::format("Experiment: {}", o->scenario));
    if (o->out.empty()) std::cout << text;
    else write_text_file(o->out, text, "summary");
    if (!o->trials_out.empty()) write_text_file(o->trials_out, experiment::format_trials(spec, outcome), "trial results");
    if (!o->report.empty()) {
      const std::filesystem::path csv = std::filesystem::path(o->report).replace_extension(".csv");
      write_text_file(csv.string(), experiment::format_csv(summary), "report's CSV");
      LuaHost host(global.host_options());
      lua::push_value(host.state(), summary);
      write_text_file(o->report, lua_page(host, "lib.report_page", "html", fmt::format("Experiment: {}", o->scenario),
                                          csv.filename().string()),
                      "report");
      std::cerr << fmt::format("report: {} and {} written\n", o->report, csv.string());
    }
    std::cerr << fmt::format("{} trials x {} variant(s) in {:.2f} s on {} thread(s) ({:.0f} battles/s)\n",
                             outcome.trials_run, spec.variants.size(), outcome.seconds, outcome.threads,
                             static_cast<double>(outcome.trials_run * spec.variants.size()) /
                                 std::max(outcome.seconds, 1e-9));
    return 0;
  };
}

} // namespace sandtable::cli
