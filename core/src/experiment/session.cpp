#include "sandtable/experiment/session.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <iostream>
#include <mutex>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sandtable/errors.hpp"
#include "sandtable/experiment/mpi.hpp"
#include "sandtable/experiment/stats.hpp"

namespace sandtable::experiment {
namespace {

// Signal state: the handler only sets these (and, when this rank is stuck in
// an MPI collective, writes the prepared message and exits).
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;
char g_message[2048];
std::size_t g_message_len = 0;

extern "C" void on_signal(int sig) {
  if (g_signal != 0) {  // a second signal: stop now
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal = sig;
  g_stop = true;
  if (mpi::in_collective()) {
    if (g_message_len) {
      [[maybe_unused]] const auto n = ::write(STDERR_FILENO, g_message, g_message_len);
    }
    ::_exit(128 + sig);
  }
}

class SignalGuard {
public:
  explicit SignalGuard(bool on, const std::string& message) : on_(on) {
    if (!on_) return;
    g_stop = false;
    g_signal = 0;
    g_message_len = std::min(message.size(), sizeof g_message);
    std::memcpy(g_message, message.data(), g_message_len);
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~SignalGuard() {
    if (!on_) return;
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

private:
  bool on_;
  struct sigaction old_int_ {}, old_term_ {};
};

std::string resume_command(const std::string& file) { return fmt::format("sandtable sim --resume {}", file); }

} // namespace

Value summarize_outcome(const Spec& spec, const Outcome& outcome_in, const Value& header) {
  Outcome outcome = outcome_in;
  derive_stopped(spec, outcome);
  std::string first;
  const std::uint64_t missing = count_missing(spec, outcome, outcome.trials_run, 1, 0, &first);
  Value summary;
  if (missing == 0) summary = summarize(spec, outcome);
  else {
    summary = summarize(spec, completed_only(outcome));
    summary.set("partial", true);
    summary.set("planned_trials", static_cast<std::int64_t>(outcome.trials_run));
  }
  if (header["shard"].is_string()) summary.set("shard", header["shard"]);
  if (header["summary_extra"].is_map())
    for (const auto& [key, value] : header["summary_extra"].as_map()) summary.set(key, value);
  return summary;
}

SessionResult run_session(const Spec& spec_in, const RunInfo& info, const SessionOptions& options,
                          const std::function<void(const Progress&)>& progress,
                          const std::function<bool(const Outcome&)>& stop_early) {
  const mpi::World world = mpi::world();
  Spec spec = spec_in;
  // Under mpirun with no -j: share the machine's cores among the ranks on it.
  if (world.active() && spec.threads == 0)
    spec.threads = std::max(1u, std::thread::hardware_concurrency() / static_cast<unsigned>(mpi::ranks_on_this_node()));
  if (world.active() && !info.shard.whole())
    throw Error("--shard and mpirun do not mix: mpirun already splits the trials over its ranks");
  if (!info.shard.whole() && spec.until_ci > 0)
    throw Error("--shard cannot be combined with --until-ci: when to stop is decided on all trials together (give "
                "a fixed --trials, or run the ranks under mpirun)");
  const std::string trials_out = options.trials_out.empty() ? options.resume : options.trials_out;
  if (!info.shard.whole() && trials_out.empty())
    throw Error(fmt::format("--shard {} needs --trials-out FILE: `sandtable merge` builds the results from the "
                            "shards' files",
                            info.shard.text()));
  if (!options.resume.empty() && std::filesystem::path(trials_out) != std::filesystem::path(options.resume))
    throw Error(fmt::format("--resume {} continues that file; --trials-out must be left out or name the same file",
                            options.resume));

  SessionResult res;
  res.root = world.root();
  const Value header = make_header(spec, info);
  res.header_json = header.to_json();

  // Resume: the results in hand, checked against this experiment.
  Outcome known;
  bool have_known = false;
  if (!options.resume.empty()) {
    std::string text;
    if (world.root()) {
      std::ifstream in(options.resume, std::ios::binary);
      if (!in) throw Error(fmt::format("{}: cannot read it ({})", options.resume, std::strerror(errno)));
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    text = mpi::broadcast(text);
    TrialsFile f = parse_trials_text(options.resume, text);
    const std::string diff = header_difference(header, f.header);
    if (!diff.empty())
      throw Error(fmt::format("{}: written by another experiment than this one: it differs in {}", options.resume, diff));
    known = std::move(f.outcome);
    have_known = true;
    if (world.root()) {
      std::uint64_t done = 0;
      for (const auto& v : known.results)
        for (const auto& t : v) done += t.done;
      const Shard s = shard_of(f.header);
      std::string first;
      const std::uint64_t missing = count_missing(spec, known, spec.trials, s.whole() ? 1 : s.n,
                                                  s.whole() ? 0 : s.k - 1, &first);
      std::cerr << fmt::format("resuming {}: {} (variant, trial) result(s) in hand{}; running only the missing "
                               "ones{}\n",
                               options.resume, done,
                               f.torn_tail ? " (a torn last line, cut by the kill, is dropped and rerun)" : "",
                               missing == 0 ? std::string()
                               : spec.until_ci > 0
                                   ? fmt::format(" (from {}; --until-ci decides when to stop)", first)
                                   : fmt::format(" ({} of them, the first {})", missing, first));
    }
  }

  TrialsWriter writer;
  if (world.root() && !trials_out.empty()) writer.open(trials_out, header, have_known);

  Plan plan;
  if (!info.shard.whole()) {
    plan.stride = info.shard.n;
    plan.offset = info.shard.k - 1;
  } else if (world.active()) {
    plan.stride = static_cast<std::uint64_t>(world.size);
    plan.offset = static_cast<std::uint64_t>(world.rank);
    // Gather about twenty times in a run, so a killed job loses little.
    plan.round = std::max<std::uint64_t>(100, (spec.trials + 19) / 20);
  }
  if (have_known) plan.known = &known;
  plan.stop = options.handle_signals ? &g_stop : nullptr;

  std::string mine;  // a non-root rank's lines since the last gather
  plan.on_result = [&](std::size_t v, const TrialResult& r) {
    if (world.root()) writer.append(trial_line(spec, v, r));
    else mine += trial_line(spec, v, r) + "\n";
  };
  if (world.active())
    plan.after_round = [&](Outcome& out, std::uint64_t round_end) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto parts = mpi::gather(mine);
      mine.clear();
      if (!world.root()) return;
      std::size_t bytes = 0;
      for (const auto& p : parts) bytes += p.size();
      spdlog::info("mpi: gathered trials up to {} on rank 0: {} bytes in {:.3f} s (waiting for the slowest rank "
                   "included)",
                   round_end, bytes, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      for (std::size_t rank = 1; rank < parts.size(); ++rank) {
        if (parts[rank].empty()) continue;
        const TrialsFile got = parse_trials_text(fmt::format("(results of rank {})", rank), res.header_json + "\n" + parts[rank]);
        for (std::size_t v = 0; v < out.results.size(); ++v)
          for (std::size_t i = 0; i < out.results[v].size() && i < got.outcome.results[v].size(); ++i)
            if (got.outcome.results[v][i].done) out.results[v][i] = got.outcome.results[v][i];
        writer.append(parts[rank].substr(0, parts[rank].size() - 1));  // whole lines, one write
      }
    };
  auto decide = [&](const Outcome& so_far) {
    bool stop = false;
    if (world.root() && stop_early) stop = stop_early(so_far);
    return mpi::broadcast(stop);
  };

  const std::string where = trials_out.empty() ? std::string() : trials_out;
  const std::string message =
      where.empty()
          ? "\nstopped while rank 0 waited for the other ranks (a rank died, or the job was stopped); no trials "
            "file was asked for (--trials-out), so nothing is kept\n"
          : fmt::format("\nstopped while rank 0 waited for the other ranks (a rank died, or the job was stopped): "
                        "the results gathered so far are in {}; run only the missing trials with: mpirun -n {} {}\n",
                        where, world.size, resume_command(where));
  SignalGuard guard(options.handle_signals, message);
  if (world.active() && world.root())
    std::cerr << fmt::format("mpi: {} ranks, each with its own worker threads; results gathered on rank 0 every {} "
                             "trials\n",
                             world.size, spec.until_ci > 0 ? spec.batch : plan.round);

  res.outcome = run(spec, plan, world.root() ? progress : nullptr, decide);
  res.signal = g_signal;
  if (!world.root()) {
    if (!res.outcome.interrupted) mpi::finalize();
    return res;
  }

  Outcome& out = res.outcome;
  std::string first;
  // A shard answers for its share; rank 0 (or a single process) for every trial.
  res.missing = info.shard.whole() ? count_missing(spec, out, out.trials_run, 1, 0, &first)
                                   : count_missing(spec, out, out.trials_run, plan.stride, plan.offset, &first);
  if (!out.interrupted && res.missing == 0 && writer.is_open()) writer.finish(format_trials_file(header, spec, out));
  writer.close();
  if (out.interrupted || res.missing) {
    std::cerr << fmt::format("\ninterrupted{}: {} (variant, trial) result(s) of this run are missing (first: {}). ",
                             res.signal == SIGINT    ? " (SIGINT)"
                             : res.signal == SIGTERM ? " (SIGTERM)"
                                                     : "",
                             res.missing, first);
    if (trials_out.empty()) std::cerr << "Nothing was kept: give --trials-out FILE to make a run resumable.\n";
    else
      std::cerr << fmt::format("The finished ones are in {}; run only the missing ones with: {}{}\n", trials_out,
                               world.active() ? "mpirun -n N " : "", resume_command(trials_out));
  }
  if (!info.shard.whole()) {
    // A shard's own summary covers only its trials.
    Outcome mine_only = out;
    for (auto& v : mine_only.results) {
      std::vector<TrialResult> keep;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (i % plan.stride == plan.offset) keep.push_back(v[i]);
      v = std::move(keep);
    }
    mine_only.trials_run = mine_only.results.empty() ? 0 : mine_only.results[0].size();
    res.summary = summarize_outcome(spec, mine_only, header);
  } else res.summary = summarize_outcome(spec, out, header);
  if (world.active() && !out.interrupted) mpi::finalize();
  return res;
}

Merged merge_trials_files(const std::vector<std::string>& paths) {
  if (paths.empty()) throw Error("merge: no trials file given");
  std::vector<TrialsFile> files;
  for (const auto& p : paths) files.push_back(read_trials_file(p));
  const TrialsFile& ref = files.front();
  for (std::size_t k = 1; k < files.size(); ++k) {
    if (std::filesystem::equivalent(files[k].path, ref.path))
      throw Error(fmt::format("merge: {} is given twice", files[k].path));
    const std::string diff = header_difference(ref.header, files[k].header);
    if (!diff.empty())
      throw Error(fmt::format("merge: {} is not from the same experiment as {}: it differs in {}", files[k].path,
                              ref.path, diff));
  }
  for (const auto& f : files) {
    if (!f.duplicates.empty())
      throw Error(fmt::format("merge: {} holds {} twice", f.path, f.duplicates.front()));
    if (f.torn_tail)
      spdlog::warn("{}: its last line was cut short (the run was killed while writing); that trial counts as missing",
                   f.path);
  }

  // Which shards: all of 1..N, once each; or one whole-run file.
  const Shard first = shard_of(ref.header);
  std::vector<const TrialsFile*> owner;  // by shard number - 1
  std::uint64_t stride = 1;
  if (first.whole()) {
    for (const auto& f : files)
      if (!shard_of(f.header).whole())
        throw Error(fmt::format("merge: {} is a whole run's file but {} is shard {}: give either the shards of one "
                                "experiment or one whole file",
                                ref.path, f.path, shard_of(f.header).text()));
    if (files.size() > 1)
      throw Error(fmt::format("merge: {} and {} are both whole runs of the same experiment (neither is a shard)",
                              ref.path, files[1].path));
    owner.push_back(&ref);
  } else {
    stride = first.n;
    owner.assign(first.n, nullptr);
    for (const auto& f : files) {
      const Shard s = shard_of(f.header);
      if (s.whole())
        throw Error(fmt::format("merge: {} is shard {} but {} is a whole run's file", ref.path, first.text(), f.path));
      if (s.n != first.n)
        throw Error(fmt::format("merge: {} is shard {} but {} is shard {}: they split the trials {} and {} ways",
                                ref.path, first.text(), f.path, s.text(), first.n, s.n));
      if (owner[s.k - 1])
        throw Error(fmt::format("merge: shard {} is given twice: {} and {}", s.text(), owner[s.k - 1]->path, f.path));
      owner[s.k - 1] = &f;
    }
    std::string missing, first_k;
    std::size_t count = 0;
    for (std::uint64_t k = 0; k < first.n; ++k)
      if (!owner[k]) {
        if (missing.empty()) first_k = fmt::format("{}/{}", k + 1, first.n);
        missing += fmt::format("{}{}/{}", missing.empty() ? "" : ", ", k + 1, first.n);
        ++count;
      }
    if (count)
      throw Error(fmt::format("merge: shard{} {} {} missing (got {} of {} files; run the missing one{} with "
                              "`sandtable sim ... --shard {} --trials-out FILE`, with the other shards' options)",
                              count > 1 ? "s" : "", missing, count > 1 ? "are" : "is", files.size(), first.n,
                              count > 1 ? "s" : "", first_k));
  }

  Merged m;
  m.header = ref.header;
  if (m.header.is_map()) m.header.as_map().erase("shard");
  m.spec = ref.spec;
  m.outcome.results.assign(m.spec.variants.size(), std::vector<TrialResult>(m.spec.trials));
  for (std::uint64_t k = 0; k < owner.size(); ++k) {
    const TrialsFile& f = *owner[k];
    for (std::size_t v = 0; v < f.outcome.results.size(); ++v)
      for (std::uint64_t i = 0; i < f.outcome.results[v].size(); ++i) {
        const TrialResult& t = f.outcome.results[v][i];
        if (!t.done) continue;
        if (i % stride != k)
          throw Error(fmt::format("merge: {} (shard {}) holds trial {}, which belongs to shard {}/{}", f.path,
                                  shard_of(f.header).text(), i, i % stride + 1, stride));
        m.outcome.results[v][i] = t;
      }
  }
  // How many trials the experiment ran: all of them, or (--until-ci) whole
  // rounds up to the one where precision was reached.
  std::uint64_t count = m.spec.trials;
  if (m.spec.until_ci > 0) {
    count = 0;
    for (const auto& v : m.outcome.results)
      for (std::uint64_t i = 0; i < v.size(); ++i)
        if (v[i].done) count = std::max(count, i + 1);
    if (count < m.spec.trials && m.spec.batch > 0) count = (count + m.spec.batch - 1) / m.spec.batch * m.spec.batch;
    count = std::min(count, m.spec.trials);
  }
  for (std::uint64_t k = 0; k < owner.size(); ++k) {
    std::string first_missing;
    const std::uint64_t missing = count_missing(m.spec, m.outcome, count, stride, k, &first_missing);
    if (missing) {
      const TrialsFile& f = *owner[k];
      const std::string which = first.whole() ? "" : fmt::format(" (shard {})", shard_of(f.header).text());
      throw Error(fmt::format("merge: {}{} lacks {} trial result(s) (first: {}): its run was stopped before the "
                              "end; finish it with `{}`, then merge again",
                              f.path, which, missing, first_missing, resume_command(f.path)));
    }
  }
  for (auto& v : m.outcome.results) v.resize(count);
  m.outcome.trials_run = count;
  if (m.spec.until_ci > 0 && count < m.spec.trials && !(widest_half_width(m.outcome) < m.spec.until_ci))
    throw Error(fmt::format("merge: {} stops after {} trials, before --until-ci {} was reached: finish it with `{}`",
                            ref.path, count, m.spec.until_ci, resume_command(ref.path)));
  return m;
}

} // namespace sandtable::experiment
