#pragma once
// MPI, when the program was built with it (Debian's Open MPI) and started by
// mpirun with more than one process; a single process otherwise. Only the
// calling (main) thread talks MPI (MPI_THREAD_FUNNELED): the workers of each
// rank are threads that never touch it.
#include <string>
#include <vector>

namespace sandtable::experiment::mpi {

struct World {
  int rank = 0, size = 1;
  bool active() const { return size > 1; }
  bool root() const { return rank == 0; }
};

bool built_with_mpi();
// True when the environment says mpirun (or srun) started this process.
bool launched_by_mpirun();
// Initialises MPI once when launched by mpirun; the world is one process
// otherwise. Throws Error when launched by mpirun with several processes but
// built without MPI (every rank would run the whole experiment).
World world();
// How many ranks run on this machine (OMPI_COMM_WORLD_LOCAL_SIZE; 1 if unknown).
int ranks_on_this_node();
// Every rank's string, in rank order, on rank 0 (empty elsewhere).
std::vector<std::string> gather(const std::string& mine);
// Rank 0's string on every rank.
std::string broadcast(const std::string& from_root);
bool broadcast(bool from_root);
// Ends MPI cleanly (after a completed run).
void finalize();
// True while this rank waits in a collective call (a signal then cannot be
// handled gracefully: the handler reports and exits).
bool in_collective();

} // namespace sandtable::experiment::mpi
