#include "sandtable/experiment/report.hpp"

#include <algorithm>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>

namespace sandtable::experiment {
namespace {

std::string pct(const Value& interval) {
  return fmt::format("{:5.1f}% [{:4.1f}, {:4.1f}]", interval["rate"].as_number() * 100,
                     interval["low"].as_number() * 100, interval["high"].as_number() * 100);
}

std::string signed_pct(const Value& interval) {
  return fmt::format("{:+.1f} points [{:+.1f}, {:+.1f}]", interval["rate"].as_number() * 100,
                     interval["low"].as_number() * 100, interval["high"].as_number() * 100);
}

// A CSV field, quoted when it holds a comma, quote or line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The sides' names from the summary's "sides" (set by the program from the
// trial module), else "side 1" and "side 2".
std::string side_name(const Value& summary, std::size_t i) {
  const Value& sides = summary["sides"];
  if (sides.is_list() && i < sides.as_list().size() && sides.as_list()[i].is_string())
    return sides.as_list()[i].as_string();
  return fmt::format("side {}", i + 1);
}

} // namespace

std::string format_table(const Value& summary, const std::string& title) {
  std::string out = fmt::format("{}\n{} trials per variant, seed {}; rates with 95% Wilson intervals\n\n", title,
                                summary["trials"].as_int(), summary["seed"].as_int());
  if (summary["shard"].is_string())
    out += fmt::format("SHARD {} ONLY: these are one shard's trials; `sandtable merge` its files for the "
                       "experiment's results\n\n",
                       summary["shard"].as_string());
  if (summary["partial"].is_bool())
    out += fmt::format("PARTIAL: the run was interrupted; {} of {} trials per variant are done under every "
                       "variant and counted here\n\n",
                       summary["trials"].as_int(), summary["planned_trials"].as_int());
  const auto& variants = summary["variants"].as_list();
  for (const auto& v : variants)
    if (v["params"]["house_rules"].is_list())
      for (const auto& h : v["params"]["house_rules"].as_list())
        out += fmt::format("variant {}: house rule {}\n", v["name"].as_string(), h.as_string());
  if (variants.size() > 1) out += "\n";
  const bool battles = !variants.empty() && !variants[0]["length"].is_null();
  if (battles) {
    const std::string w1 = side_name(summary, 0) + " wins", w2 = side_name(summary, 1) + " wins";
    const std::size_t c1 = std::max<std::size_t>(22, w1.size()), c2 = std::max<std::size_t>(22, w2.size());
    out += fmt::format("{:<16} {:<{}} {:<{}} {:<22} {:>12} {:>7}\n", "variant", w1, c1, w2, c2, "draws",
                       "turns (mean)", "failed");
    for (const auto& v : variants) {
      const Value& len = v["length"];
      out += fmt::format("{:<16} {:<{}} {:<{}} {:<22} {:>12} {:>7}\n", v["name"].as_string(),
                         pct(v["side1_wins"]), c1, pct(v["side2_wins"]), c2, pct(v["draws"]),
                         len.is_null() ? std::string("-") : fmt::format("{:.1f}", len["mean"].as_number()),
                         v["failed"].as_int());
    }
  }
  for (const auto& v : variants) {
    if (v["outcomes"].is_map()) {
      out += fmt::format("\n{} ({} completed, {} failed)\n", v["name"].as_string(), v["completed"].as_int(),
                         v["failed"].as_int());
      for (const auto& [key, iv] : v["outcomes"].as_map()) out += fmt::format("  {:<32} {}\n", key, pct(iv));
    }
  }
  if (battles) {
    out += "\nBattle length (turns): median, range\n";
    for (const auto& v : variants) {
      const Value& len = v["length"];
      if (len.is_null()) continue;
      out += fmt::format("  {:<16} median {:g}, {:g} to {:g}\n", v["name"].as_string(), len["median"].as_number(),
                         len["min"].as_number(), len["max"].as_number());
    }
    out += "\nLosses per battle by troop type\n";
    for (const auto& v : variants) {
      const auto& sides = v["losses_per_battle"].as_list();
      for (std::size_t s = 0; s < sides.size(); ++s) {
        std::string row;
        for (const auto& [cls, mean] : sides[s].as_map())
          row += fmt::format("{}{} {:.2f}", row.empty() ? "" : ", ", cls, mean.as_number());
        out += fmt::format("  {:<16} {}: {}\n", v["name"].as_string(), side_name(summary, s), row.empty() ? "none" : row);
      }
    }
  }
  const auto& diffs = summary["differences"].as_list();
  if (!diffs.empty()) {
    out += fmt::format("\nDifference in {}'s win rate against the first variant (paired: same seeds, 95% "
                       "interval)\n", side_name(summary, 0));
    for (const auto& d : diffs)
      out += fmt::format("  {:<16} {}\n", d["variant"].as_string(),
                         d["pairs"].as_int() == 0 ? std::string("no trial completed under both")
                                                  : signed_pct(d["side1_win_difference"]));
  }
  for (const auto& v : variants)
    if (v["stopped"].is_string())
      out += fmt::format("\n{} was stopped: {} ({} trial(s) skipped)\n", v["name"].as_string(), v["stopped"].as_string(),
                         v["skipped"].as_int());
  for (const auto& v : variants) {
    const auto& failures = v["failures"].as_list();
    if (failures.empty()) continue;
    // The command that replays a failed trial as a battle with its account.
    std::string replay = "sandtable battle";
    const Value& params = v["params"];
    if (params["scenario"].is_string()) replay += " " + params["scenario"].as_string();
    if (params["house_rules"].is_list())
      for (const auto& h : params["house_rules"].as_list()) replay += " --house-rule " + h.as_string();
    out += fmt::format("\n{} trial(s) of {} failed; replay one with `{} --seed SEED`:\n", v["failed"].as_int(),
                       v["name"].as_string(), replay);
    for (const auto& f : failures) {
      std::string first_line = f["error"].as_string().substr(0, f["error"].as_string().find('\n'));
      out += fmt::format("  trial {} seed {}: {}\n", f["trial"].as_int(), f["seed"].as_int(), first_line);
    }
  }
  return out;
}

std::string format_csv(const Value& summary) {
  std::string out = "variant,metric,rate,low,high\n";
  for (const auto& v : summary["variants"].as_list()) {
    const std::string name = v["name"].as_string();
    for (const char* metric : {"side1_wins", "side2_wins", "draws"}) {
      const Value& i = v[metric];
      const std::string label = metric[4] == '1'   ? csv_field(side_name(summary, 0) + " wins")
                                : metric[4] == '2' ? csv_field(side_name(summary, 1) + " wins")
                                                   : std::string(metric);
      out += fmt::format("{},{},{},{},{}\n", name, label, i["rate"].as_number(), i["low"].as_number(),
                         i["high"].as_number());
    }
    if (v["outcomes"].is_map())
      for (const auto& [key, i] : v["outcomes"].as_map())
        out += fmt::format("{},\"outcome {}\",{},{},{}\n", name, key, i["rate"].as_number(), i["low"].as_number(),
                           i["high"].as_number());
    if (v["length"].is_map())
      out += fmt::format("{},mean_turns,{},,\n{},median_turns,{},,\n", name, v["length"]["mean"].as_number(), name,
                         v["length"]["median"].as_number());
    out += fmt::format("{},failed,{},,\n", name, v["failed"].as_int());
  }
  for (const auto& d : summary["differences"].as_list()) {
    const Value& i = d["side1_win_difference"];
    out += fmt::format("{},{},{},{},{}\n", d["variant"].as_string(),
                       csv_field(side_name(summary, 0) + " win difference vs " + d["baseline"].as_string()),
                       i["rate"].as_number(), i["low"].as_number(), i["high"].as_number());
  }
  return out;
}

std::string format_json(const Value& summary) { return summary.to_json() + "\n"; }

std::string format_trials(const Spec& spec, const Outcome& outcome) {
  std::string out;
  for (std::size_t v = 0; v < outcome.results.size(); ++v)
    for (const auto& t : outcome.results[v]) {
      if (!t.done) continue;
      Value line(Value::Map{{"variant", spec.variants[v].name},
                            {"trial", static_cast<std::int64_t>(t.index)},
                            {"seed", static_cast<std::int64_t>(t.seed)}});
      if (t.skipped) line.set("skipped", true);
      else if (t.failed) line.set("error", t.error);
      else line.set("result", t.result);
      out += line.to_json() + "\n";
    }
  return out;
}

std::function<void(const Progress&)> terminal_progress() {
  if (!isatty(STDERR_FILENO)) return nullptr;
  return [](const Progress& p) {
    const double rate = p.elapsed_seconds > 0 ? static_cast<double>(p.done) / p.elapsed_seconds : 0;
    const double eta = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
    std::cerr << fmt::format("\r{}/{} trials, {:.0f}/s, {} failed, ETA {:.0f} s   ", p.done, p.total, rate,
                             p.failed, eta);
    if (p.done == p.total) std::cerr << "\n";
    std::cerr.flush();
  };
}

} // namespace sandtable::experiment
