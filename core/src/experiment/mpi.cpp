#include "sandtable/experiment/mpi.hpp"

#include <atomic>
#include <cstdlib>

#include <chrono>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sandtable/errors.hpp"

#ifdef SANDTABLE_HAVE_MPI
#include <mpi.h>
#endif

namespace sandtable::experiment::mpi {
namespace {

std::atomic<bool> g_in_collective{false};
World g_world;
#ifdef SANDTABLE_HAVE_MPI
bool g_initialised = false;
bool g_finalised = false;
#endif

int env_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* v = std::getenv(name)) return std::atoi(v);
  return 0;
}

struct Collective {
  Collective() { g_in_collective = true; }
  ~Collective() { g_in_collective = false; }
};

} // namespace

bool launched_by_mpirun() {
  return env_size() > 0 || std::getenv("OMPI_COMM_WORLD_RANK") || std::getenv("PMIX_RANK") || std::getenv("PMI_RANK");
}

bool in_collective() { return g_in_collective.load(); }

int ranks_on_this_node() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"})
    if (const char* v = std::getenv(name))
      if (std::atoi(v) > 0) return std::atoi(v);
  return 1;
}

#ifdef SANDTABLE_HAVE_MPI

bool built_with_mpi() { return true; }

World world() {
  // One process (mpirun -n 1, or no mpirun): no MPI at all, nothing to split.
  if (g_initialised || !launched_by_mpirun() || env_size() == 1) return g_world;
  int provided = 0;
  const auto t0 = std::chrono::steady_clock::now();
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  g_initialised = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_world.size);
  spdlog::info("mpi: rank {} of {} initialised in {:.3f} s", g_world.rank, g_world.size,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return g_world;
}

std::vector<std::string> gather(const std::string& mine) {
  if (!g_world.active()) return {mine};
  Collective c;
  int len = static_cast<int>(mine.size());
  std::vector<int> lens(g_world.root() ? static_cast<std::size_t>(g_world.size) : 0);
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> displs(lens.size());
  std::size_t total = 0;
  for (std::size_t r = 0; r < lens.size(); ++r) {
    displs[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(lens[r]);
  }
  std::string all(total, '\0');
  MPI_Gatherv(mine.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < lens.size(); ++r)
    out.push_back(all.substr(static_cast<std::size_t>(displs[r]), static_cast<std::size_t>(lens[r])));
  return out;
}

std::string broadcast(const std::string& from_root) {
  if (!g_world.active()) return from_root;
  Collective c;
  unsigned long long len = from_root.size();
  MPI_Bcast(&len, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string s = g_world.root() ? from_root : std::string(len, '\0');
  MPI_Bcast(s.data(), static_cast<int>(len), MPI_CHAR, 0, MPI_COMM_WORLD);
  return s;
}

bool broadcast(bool from_root) {
  if (!g_world.active()) return from_root;
  Collective c;
  int v = from_root ? 1 : 0;
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return v != 0;
}

void finalize() {
  if (g_initialised && !g_finalised) {
    MPI_Finalize();
    g_finalised = true;
  }
}

#else

bool built_with_mpi() { return false; }

World world() {
  if (env_size() > 1)
    throw Error(fmt::format("this sandtable was built without MPI, but mpirun started {} copies of it (each would "
                            "run the whole experiment): install libopenmpi-dev and rebuild (tools/dev build), or "
                            "split the work with --shard K/N and `sandtable merge`",
                            env_size()));
  return g_world;
}

std::vector<std::string> gather(const std::string& mine) { return {mine}; }
std::string broadcast(const std::string& from_root) { return from_root; }
bool broadcast(bool from_root) { return from_root; }
void finalize() {}

#endif

} // namespace sandtable::experiment::mpi
