#include "sandtable/experiment/runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sandtable/experiment/json.hpp"
#include "sandtable/lua/convert.hpp"
#include "sandtable/rng.hpp"

namespace sandtable::experiment {
namespace {

using Clock = std::chrono::steady_clock;

// One worker: its own Lua state with the trial module loaded and every
// variant prepared once. Recreated only after a trial killed its state.
class Worker {
public:
  explicit Worker(const Spec& spec) : spec_(spec) { start(); }

  LuaHost& host() { return *host_; }
  // A trial that was stopped leaves its state unusable: start afresh.
  void ensure_ready() {
    if (!host_ || host_->killed()) start();
  }

  TrialResult run_trial(std::size_t variant, std::uint64_t index, std::uint64_t seed) {
    TrialResult r;
    r.index = index;
    r.seed = seed;
    if (!prepare_errors_[variant].empty()) {
      r.failed = true;
      r.error = prepare_errors_[variant];
      return r;
    }
    lua_State* L = host_->state();
    const int top = lua_gettop(L);
    try {
      lua_rawgeti(L, LUA_REGISTRYINDEX, trial_ref_);
      lua_rawgeti(L, LUA_REGISTRYINDEX, prepared_refs_[variant]);
      lua_pushinteger(L, static_cast<lua_Integer>(seed));
      host_->call(2, 1);
      // Stored as its JSON text reads back, so a result from this run, from a
      // trials file or from another MPI rank is the same value (e.g. a whole
      // float such as 3.0 prints as 3 and is read back as the integer 3).
      r.result = parse_json(lua::to_value(L, -1, "trial result").to_json());
    } catch (const std::exception& e) {
      r.failed = true;
      r.error = e.what();
    }
    lua_settop(L, top);
    return r;
  }

private:
  void start() {
    prepare_errors_.assign(spec_.variants.size(), "");
    // Each variant is prepared on its own: one that fails fails its own
    // trials, never another's. A failure that kills the state (a limit)
    // leaves nothing to prepare the others in: they are prepared again in a
    // fresh state (at most once per variant).
    for (std::size_t attempt = 0; attempt <= spec_.variants.size(); ++attempt)
      if (!start_once()) break;
    if (!host_->killed()) host_->drop_instruction_budget();
  }

  // Returns true when a variant's failure killed the state (start again).
  bool start_once() {
    host_.reset();
    // Loading and preparing run under the instruction budget (a house rule
    // that loops while patching is stopped); trials then run without the
    // count hook, guarded by the watchdog.
    host_ = std::make_unique<LuaHost>(spec_.host);
    prepared_refs_.assign(spec_.variants.size(), LUA_NOREF);
    lua_State* L = host_->state();
    try {
      host_->require(spec_.module);
      if (!lua_istable(L, -1)) throw Error(fmt::format("trial module '{}' must return a table", spec_.module));
      lua_getfield(L, -1, "trial");
      if (!lua_isfunction(L, -1)) throw Error(fmt::format("trial module '{}' has no trial(prepared, seed)", spec_.module));
      trial_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
    } catch (const std::exception& e) {
      for (auto& err : prepare_errors_)
        if (err.empty()) err = e.what();
      lua_settop(L, 0);
      return false;
    }
    const int module = lua_gettop(L);
    for (std::size_t v = 0; v < spec_.variants.size(); ++v) {
      if (!prepare_errors_[v].empty()) continue;
      try {
        lua_getfield(L, module, "prepare");
        lua::push_value(L, spec_.variants[v].params);
        host_->call(1, 1);
        prepared_refs_[v] = luaL_ref(L, LUA_REGISTRYINDEX);
      } catch (const std::exception& e) {
        prepare_errors_[v] = e.what();
        lua_settop(L, module);
        if (host_->killed()) return true;
      }
    }
    lua_settop(L, 0);
    return false;
  }

  const Spec& spec_;
  std::unique_ptr<LuaHost> host_;
  int trial_ref_ = LUA_NOREF;
  std::vector<int> prepared_refs_;
  std::vector<std::string> prepare_errors_;  // per variant; "" = prepared
};

// What the watchdog sees of each worker: which host, since when busy.
struct Slot {
  std::mutex m;
  LuaHost* host = nullptr;
  Clock::time_point started;
  bool busy = false;
};

} // namespace

Outcome run(const Spec& spec, const std::function<void(const Progress&)>& progress,
            const std::function<bool(const Outcome&)>& stop_early) {
  return run(spec, Plan{}, progress, stop_early);
}

Outcome run(const Spec& spec, const Plan& plan, const std::function<void(const Progress&)>& progress,
            const std::function<bool(const Outcome&)>& stop_early) {
  if (spec.variants.empty()) throw Error("an experiment needs at least one variant");
  if (plan.stride == 0 || plan.offset >= plan.stride) throw Error("an experiment plan needs offset < stride");
  Outcome out;
  // Each worker is a thread with its own Lua state: more than a few hundred
  // is a typing mistake, and would exhaust the address space.
  if (spec.threads > kMaxThreads)
    throw Error(fmt::format("{} worker threads asked for: at most {} (this machine has {} cores)", spec.threads,
                            kMaxThreads, std::thread::hardware_concurrency()));
  out.threads = spec.threads ? spec.threads : std::max(1u, std::thread::hardware_concurrency());
  out.results.assign(spec.variants.size(), {});
  const auto t0 = Clock::now();
  spdlog::info("experiment: module {}, {} variant(s), up to {} trials, seed {}, {} worker thread(s)", spec.module,
               spec.variants.size(), spec.trials, spec.seed, out.threads);
  std::atomic<std::uint64_t> failed{0};
  std::atomic<unsigned> failed_starts{0};
  out.stopped.assign(spec.variants.size(), "");
  std::mutex stopped_m;
  auto stopped_flags = std::make_unique<std::atomic<bool>[]>(spec.variants.size());
  for (std::size_t v = 0; v < spec.variants.size(); ++v) {
    // A variant stopped before a resume stays stopped.
    bool was_stopped = false;
    if (plan.known && v < plan.known->results.size())
      for (const auto& t : plan.known->results[v]) was_stopped = was_stopped || (t.done && t.skipped);
    stopped_flags[v] = was_stopped;
  }
  std::vector<Slot> slots(out.threads);
  std::vector<std::unique_ptr<Worker>> workers(out.threads);  // kept across rounds

  std::mutex result_m;  // serialises plan.on_result
  auto known = [&](std::size_t v, std::uint64_t i) -> const TrialResult* {
    if (!plan.known || v >= plan.known->results.size() || i >= plan.known->results[v].size()) return nullptr;
    const TrialResult& r = plan.known->results[v][i];
    return r.done ? &r : nullptr;
  };
  const std::uint64_t round_size = spec.until_ci > 0 ? spec.batch : plan.round;
  std::uint64_t start = 0;
  while (start < spec.trials) {
    const std::uint64_t round = round_size > 0 ? std::min(round_size, spec.trials - start) : spec.trials - start;
    const std::uint64_t end = start + round;
    for (auto& v : out.results) v.resize(end);
    // This round's trials for this process: its share, less those in hand.
    std::vector<std::uint64_t> todo;
    for (std::uint64_t i = start; i < end; ++i) {
      bool all_known = true;
      for (std::size_t v = 0; v < spec.variants.size(); ++v) {
        if (const TrialResult* k = known(v, i)) out.results[v][i] = *k;
        else all_known = false;
      }
      if (!all_known && i % plan.stride == plan.offset) todo.push_back(i);
    }
    std::atomic<std::uint64_t> next{0}, done{0};
    std::atomic<bool> finished{false};
    std::string fatal;
    std::mutex fatal_m;

    // A worker builds its Lua state only when it has a trial to run, so a
    // run of 4 trials on 256 threads builds 4 states, not 256. One that
    // cannot (the system will not give the memory: many threads under
    // `ulimit -v`) hands its trial back and stops; the trials handed back are
    // run after the others, on a worker that did start. Only when no worker
    // starts is it an error. Nothing may leave a worker thread: any other
    // error is the run's fatal one. (Fixes: std::bad_alloc from one of 256
    // workers ended the run; so did a Lua state the allocator refused.)
    std::vector<std::uint64_t> handed_back;
    std::mutex handed_back_m;
    auto started = [&](unsigned w, std::uint64_t k) {
      if (workers[w]) return true;
      try {
        auto fresh = std::make_unique<Worker>(spec);
        fresh->ensure_ready();
        workers[w] = std::move(fresh);
        return true;
      } catch (const std::bad_alloc&) {
      } catch (const OutOfMemory&) {
      }
      ++failed_starts;
      std::lock_guard<std::mutex> lock(handed_back_m);
      handed_back.push_back(k);
      return false;
    };
    auto work = [&](unsigned w, const std::uint64_t* only) {
      try {
        for (;;) {
          if (plan.stop && plan.stop->load()) break;
          const std::uint64_t k = only ? *only : next.fetch_add(1);
          if (k >= todo.size()) break;
          if (!started(w, k)) return;
          Worker& worker = *workers[w];
          const std::uint64_t i = todo[k];
          // 63 bits, so the seed prints and parses as a non-negative integer everywhere.
          const std::uint64_t seed = Rng::derive(spec.seed, i) >> 1;
          for (std::size_t v = 0; v < spec.variants.size(); ++v) {
            if (out.results[v][i].done) continue;  // in hand from a resumed file
            if (stopped_flags[v].load()) {
              TrialResult skipped;
              skipped.index = i;
              skipped.seed = seed;
              skipped.skipped = true;
              skipped.done = true;
              if (plan.on_result) {
                std::lock_guard<std::mutex> lock(result_m);
                plan.on_result(v, skipped);
              }
              out.results[v][i] = std::move(skipped);
              continue;
            }
            worker.ensure_ready();
            {
              std::lock_guard<std::mutex> lock(slots[w].m);
              slots[w].host = &worker.host();
              slots[w].busy = true;
              slots[w].started = Clock::now();
            }
            TrialResult r = worker.run_trial(v, i, seed);
            {
              std::lock_guard<std::mutex> lock(slots[w].m);
              slots[w].busy = false;
            }
            if (r.failed) ++failed;
            // The watchdog stopped this trial: the variant's other trials
            // would very likely each wait out the deadline too.
            if (r.failed && spec.stop_variant_on_timeout && worker.host().killed() &&
                r.error.find("trial stopped by the watchdog") != std::string::npos) {
              std::lock_guard<std::mutex> lock(stopped_m);
              if (!stopped_flags[v].exchange(true))
                out.stopped[v] = fmt::format("trial {} (seed {}) ran past the {} s watchdog, so the variant's trials not yet "
                                             "started were skipped",
                                             i, seed, spec.watchdog_seconds);
            }
            r.done = true;
            if (plan.on_result) {
              std::lock_guard<std::mutex> lock(result_m);
              plan.on_result(v, r);
            }
            out.results[v][i] = std::move(r);
          }
          ++done;
          if (only) break;
        }
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(fatal_m);
        fatal = e.what();
      }
    };

    // A thread the system cannot create (address space, process limits) is
    // not fatal: the workers that did start share all the trials (results are
    // stored by index, so they are the same). None at all is an error. (Fix:
    // std::system_error escaped with joinable threads: std::terminate.)
    // The trials handed back, one by one on the first worker that started
    // (on the joiner, so the calling thread stays the watchdog).
    auto run_handed_back = [&] {
      for (unsigned w = 0; w < workers.size() && !handed_back.empty(); ++w) {
        if (!workers[w]) continue;
        for (const std::uint64_t k : handed_back) work(w, &k);
        handed_back.clear();
      }
    };
    std::vector<std::thread> threads;
    std::string refused;
    for (unsigned w = 0; w < out.threads; ++w) {
      try {
        threads.emplace_back(work, w, nullptr);
      } catch (const std::system_error& e) {
        refused = e.what();
        break;
      }
    }
    if (threads.size() < out.threads) {
      if (threads.empty())
        throw Error(fmt::format("could not start a worker thread ({}); try fewer with --threads", refused));
      spdlog::warn("could start only {} of {} worker threads ({}); running on {}", threads.size(), out.threads,
                   refused, threads.size());
      out.threads = static_cast<unsigned>(threads.size());
    }
    // The calling thread reports progress and is the watchdog; if even the
    // joiner cannot start, the calling thread just waits for the workers.
    std::thread joiner;
    try {
      joiner = std::thread([&] {
        for (auto& t : threads) t.join();
        run_handed_back();
        finished = true;
      });
    } catch (const std::system_error&) {
      for (auto& t : threads) t.join();
      run_handed_back();
      finished = true;
    }
    while (!finished) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const auto now = Clock::now();
      for (auto& s : slots) {
        std::lock_guard<std::mutex> lock(s.m);
        if (s.busy && s.host && spec.watchdog_seconds > 0 &&
            std::chrono::duration<double>(now - s.started).count() > spec.watchdog_seconds) {
          if (s.host->request_stop(fmt::format("trial stopped by the watchdog after {} s (it may loop forever; "
                                               "raise the limit with --trial-timeout)", spec.watchdog_seconds)))
            spdlog::info("watchdog: a trial ran longer than {} s; stopping it", spec.watchdog_seconds);
        }
      }
      if (progress)
        progress(Progress{done.load(), spec.trials, failed.load(),
                          std::chrono::duration<double>(now - t0).count()});
    }
    if (joiner.joinable()) joiner.join();
    if (!fatal.empty()) throw Error(fatal);
    if (const unsigned lost = failed_starts.exchange(0); lost > 0) {
      std::size_t running = 0;
      for (const auto& wk : workers) running += wk ? 1 : 0;
      if (running == 0)
        throw Error(fmt::format("no worker could start: out of memory for {} Lua states; try fewer with --threads",
                                lost));
      spdlog::warn("{} worker(s) could not start (out of memory); the trials ran on {}", lost, running);
    }
    if (plan.stop && plan.stop->load()) {
      out.interrupted = true;
      out.trials_run = end;
      break;
    }
    if (plan.after_round) plan.after_round(out, end);
    start = end;
    out.trials_run = end;
    if (spec.until_ci > 0 && stop_early && stop_early(out)) {
      spdlog::info("experiment: precision reached after {} trials", end);
      break;
    }
    if (spec.until_ci > 0) spdlog::info("experiment: {} trials done, precision not yet reached", end);
  }
  for (auto& v : out.results) v.resize(out.trials_run);
  // A trial run by another shard or rank is left not done here.
  out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (progress) progress(Progress{out.trials_run, out.trials_run, failed.load(), out.seconds});
  return out;
}

} // namespace sandtable::experiment
