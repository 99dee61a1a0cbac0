#include "sandtable/experiment/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace sandtable::experiment {
namespace {

constexpr double kZ = 1.959963984540054;  // 95% two-sided

Value interval_value(const Interval& i) {
  return Value(Value::Map{{"rate", i.rate}, {"low", i.low}, {"high", i.high}});
}

int winner_of(const Value& r) { return r["winner"].is_int() ? static_cast<int>(r["winner"].as_int()) : 0; }

struct VariantCounts {
  std::uint64_t n = 0, failed = 0, skipped = 0;
  std::uint64_t wins[3] = {0, 0, 0};  // [0] draws
  std::vector<double> turns;
  std::map<std::string, double> losses[2];
  std::map<std::string, std::uint64_t> outcomes;
};

VariantCounts count(const std::vector<TrialResult>& trials) {
  VariantCounts c;
  for (const auto& t : trials) {
    if (t.skipped) { ++c.skipped; continue; }
    if (t.failed) { ++c.failed; continue; }
    ++c.n;
    const int w = winner_of(t.result);
    ++c.wins[w == 1 || w == 2 ? w : 0];
    if (t.result["turns"].is_number()) c.turns.push_back(t.result["turns"].as_number());
    if (t.result["losses"].is_list()) {
      const auto& sides = t.result["losses"].as_list();
      for (std::size_t s = 0; s < sides.size() && s < 2; ++s)
        if (sides[s].is_map())
          for (const auto& [cls, k] : sides[s].as_map())
            if (k.is_number()) c.losses[s][cls] += k.as_number();
    }
    if (t.result["outcome"].is_string()) ++c.outcomes[t.result["outcome"].as_string()];
  }
  return c;
}

} // namespace

Interval wilson(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return Interval{0, 0, 1};
  const double p = static_cast<double>(k) / static_cast<double>(n);
  const double nn = static_cast<double>(n);
  const double denom = 1 + kZ * kZ / nn;
  const double centre = (p + kZ * kZ / (2 * nn)) / denom;
  const double half = kZ * std::sqrt(p * (1 - p) / nn + kZ * kZ / (4 * nn * nn)) / denom;
  return Interval{p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double widest_half_width(const Outcome& outcome) {
  double widest = 0;
  for (const auto& trials : outcome.results) {
    const VariantCounts c = count(trials);
    auto consider = [&](std::uint64_t k) {
      const Interval i = wilson(k, c.n);
      widest = std::max(widest, (i.high - i.low) / 2);
    };
    for (const auto w : c.wins) consider(w);
    for (const auto& [_, k] : c.outcomes) consider(k);
  }
  return widest;
}

Value summarize(const Spec& spec, const Outcome& outcome) {
  Value variants(Value::List{});
  for (std::size_t v = 0; v < outcome.results.size(); ++v) {
    const auto& trials = outcome.results[v];
    const VariantCounts c = count(trials);
    Value s(Value::Map{});
    s.set("name", spec.variants[v].name);
    s.set("params", spec.variants[v].params);
    s.set("trials", static_cast<std::int64_t>(trials.size()));
    s.set("completed", static_cast<std::int64_t>(c.n));
    s.set("failed", static_cast<std::int64_t>(c.failed));
    s.set("skipped", static_cast<std::int64_t>(c.skipped));
    if (v < outcome.stopped.size() && !outcome.stopped[v].empty()) s.set("stopped", outcome.stopped[v]);
    s.set("side1_wins", interval_value(wilson(c.wins[1], c.n)));
    s.set("side2_wins", interval_value(wilson(c.wins[2], c.n)));
    s.set("draws", interval_value(wilson(c.wins[0], c.n)));
    if (!c.turns.empty()) {
      std::vector<double> t = c.turns;
      std::sort(t.begin(), t.end());
      double sum = 0;
      for (double x : t) sum += x;
      Value hist(Value::Map{});
      std::map<std::int64_t, std::int64_t> h;
      for (double x : t) ++h[static_cast<std::int64_t>(x)];
      for (const auto& [turn, k] : h) hist.set(std::to_string(turn), k);
      const std::size_t mid = t.size() / 2;
      const double median = t.size() % 2 ? t[mid] : (t[mid - 1] + t[mid]) / 2;
      s.set("length", Value(Value::Map{{"mean", sum / static_cast<double>(t.size())}, {"median", median},
                                       {"min", t.front()}, {"max", t.back()}, {"histogram", hist}}));
    }
    Value losses(Value::List{});
    for (const auto& side : c.losses) {
      Value m(Value::Map{});
      for (const auto& [cls, total] : side) m.set(cls, c.n ? total / static_cast<double>(c.n) : 0.0);
      losses.push(m);
    }
    s.set("losses_per_battle", losses);
    if (!c.outcomes.empty()) {
      Value o(Value::Map{});
      for (const auto& [key, k] : c.outcomes) o.set(key, interval_value(wilson(k, c.n)));
      s.set("outcomes", o);
    }
    Value failures(Value::List{});
    for (const auto& t : trials) {
      if (!t.failed) continue;
      failures.push(Value(Value::Map{{"trial", static_cast<std::int64_t>(t.index)},
                                     {"seed", static_cast<std::int64_t>(t.seed)},
                                     {"error", t.error}}));
      if (failures.as_list().size() >= 20) break;
    }
    s.set("failures", failures);
    variants.push(s);
  }

  // Paired differences against the first variant: the same trial index had
  // the same dice, so each pair's difference removes most of the dice noise.
  Value diffs(Value::List{});
  for (std::size_t v = 1; v < outcome.results.size(); ++v) {
    const auto& base = outcome.results[0];
    const auto& other = outcome.results[v];
    double sum = 0, sum2 = 0;
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < std::min(base.size(), other.size()); ++i) {
      if (base[i].failed || other[i].failed || base[i].skipped || other[i].skipped) continue;
      const double d = (winner_of(other[i].result) == 1 ? 1.0 : 0.0) - (winner_of(base[i].result) == 1 ? 1.0 : 0.0);
      sum += d;
      sum2 += d * d;
      ++n;
    }
    const double nn = static_cast<double>(n);
    const double mean = n ? sum / nn : 0;
    const double var = n > 1 ? (sum2 - nn * mean * mean) / (nn - 1) : 0;
    const double half = n ? kZ * std::sqrt(std::max(0.0, var) / nn) : 1;
    diffs.push(Value(Value::Map{{"variant", spec.variants[v].name},
                                {"baseline", spec.variants[0].name},
                                {"pairs", static_cast<std::int64_t>(n)},
                                {"side1_win_difference", Value(Value::Map{{"rate", mean},
                                                                          {"low", mean - half},
                                                                          {"high", mean + half}})}}));
  }

  Value summary(Value::Map{});
  summary.set("module", spec.module);
  summary.set("seed", static_cast<std::int64_t>(spec.seed));
  summary.set("trials", static_cast<std::int64_t>(outcome.trials_run));
  summary.set("variants", variants);
  summary.set("differences", diffs);
  return summary;
}

} // namespace sandtable::experiment
