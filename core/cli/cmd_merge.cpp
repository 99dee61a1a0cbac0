// sandtable merge PART.jsonl... [--format F] [--out FILE] [--trials-out FILE] [--report FILE]
// The shards of one experiment (sim --shard K/N --trials-out PART) merged
// into the outputs one run would have written, byte for byte.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/experiment/report.hpp"
#include "sandtable/experiment/session.hpp"
#include "sandtable/lua/convert.hpp"

namespace sandtable::cli {

Action add_merge(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand(
      "merge", "Merge the per-trial files of an experiment's shards (sim --shard K/N) into one run's outputs");
  struct Opts {
    std::vector<std::string> files;
    std::string format = "table", out, trials_out, report;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("files", o->files, "The shards' --trials-out files (all N of them), or one whole run's file")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--format", o->format, "table, csv or json")->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  cmd->add_option("--out", o->out, "Write the summary to FILE instead of stdout");
  cmd->add_option("--trials-out", o->trials_out, "Write every trial's result as JSON lines to FILE (as one run would)");
  cmd->add_option("--report", o->report, "Write an HTML report to FILE, and the CSV beside it");
  return [o, &global] {
    const experiment::Merged m = experiment::merge_trials_files(o->files);
    const Value summary = experiment::summarize_outcome(m.spec, m.outcome, m.header);
    const std::string title = m.header["title"].is_string() ? m.header["title"].as_string() : "Experiment";
    std::string text;
    if (o->format == "csv") text = experiment::format_csv(summary);
    else if (o->format == "json") text = experiment::format_json(summary);
    else text = experiment::format_table(summary, title);
    if (o->out.empty()) std::cout << text;
    else write_text_file(o->out, text, "summary");
    if (!o->trials_out.empty())
      write_text_file(o->trials_out, experiment::format_trials_file(m.header, m.spec, m.outcome), "trials file");
    if (!o->report.empty()) {
      const std::filesystem::path csv = std::filesystem::path(o->report).replace_extension(".csv");
      write_text_file(csv.string(), experiment::format_csv(summary), "CSV");
      LuaHost host(global.host_options());
      lua::push_value(host.state(), summary);
      write_text_file(o->report, lua_page(host, "lib.report_page", "html", title, csv.filename().string()), "report");
      std::cerr << fmt::format("report: {} and {} written\n", o->report, csv.string());
    }
    std::cerr << fmt::format("merged {} file(s): {} trials x {} variant(s)\n", o->files.size(),
                             m.outcome.trials_run, m.spec.variants.size());
    return 0;
  };
}

} // namespace sandtable::cli
