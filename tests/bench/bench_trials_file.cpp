// What rank 0 (and `sandtable merge`) pays per trial: writing a trial line,
// reading it back (parse + checks), and the summary over all trials.
// Build and run: cmake --build build --target bench_trials_file && build/bench_trials_file
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "sandtable/experiment/stats.hpp"
#include "sandtable/experiment/trials_file.hpp"

using namespace sandtable;
using namespace sandtable::experiment;

// CPU time of this thread (the machine is shared: wall time would measure the queue).
struct Clock {
  using time_point = double;
  static double now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  }
};

long rss_kb() {
  long kb = 0;
  if (FILE* st = std::fopen("/proc/self/status", "r")) {
    char line[256];
    while (std::fgets(line, sizeof line, st))
      if (std::strncmp(line, "VmRSS:", 6) == 0) kb = std::atol(line + 6);
    std::fclose(st);
  }
  return kb;
}

int main() {
  const std::uint64_t n = 200000;
  const long rss_start = rss_kb();
  Spec spec;
  spec.module = "lib.battle_trial";
  spec.seed = 7;
  spec.trials = n;
  spec.variants = {{"baseline", Value(Value::Map{{"scenario", "scenarios/phalanx/bench.yaml"}})}};
  Outcome out;
  out.results.assign(1, std::vector<TrialResult>(n));
  for (std::uint64_t i = 0; i < n; ++i) {
    TrialResult& r = out.results[0][i];
    r.index = i;
    r.seed = trial_seed(7, i);
    r.done = true;
    // A typical Phalanx battle result (155 bytes a line, as measured).
    r.result = Value(Value::Map{
        {"winner", static_cast<std::int64_t>(1 + i % 2)},
        {"turns", static_cast<std::int64_t>(6 + i % 9)},
        {"reason", "army broken"},
        {"losses", Value(Value::List{Value(Value::Map{{"HIN", 2}, {"LIS", 1}}),
                                     Value(Value::Map{{"VLI", 3}, {"WB", 4}})})}});
  }
  out.trials_run = n;
  const long rss_built = rss_kb();
  const Value header = make_header(spec, RunInfo{});
  auto t0 = Clock::now();
  const std::string text = format_trials_file(header, spec, out);
  auto t1 = Clock::now();
  const TrialsFile f = parse_trials_text("bench", text);
  auto t2 = Clock::now();
  const Value summary = summarize(spec, f.outcome);
  auto t3 = Clock::now();
  auto us = [&](Clock::time_point a, Clock::time_point b) {
    return (b - a) * 1e6 / static_cast<double>(n);
  };
  std::printf("%llu trial lines, %.0f bytes a line (CPU time per line)\n", static_cast<unsigned long long>(n),
              static_cast<double>(text.size()) / static_cast<double>(n));
  std::printf("write a line      %.2f us\n", us(t0, t1));
  std::printf("read a line back  %.2f us (parse, seed check, store)\n", us(t1, t2));
  std::printf("summary per trial %.2f us\n", us(t2, t3));
  std::printf("results in memory %.0f bytes a trial (resident growth while building them)\n",
              static_cast<double>(rss_built - rss_start) * 1024.0 / static_cast<double>(n));
  return f.lines == n && summary.is_map() ? 0 : 1;
}
