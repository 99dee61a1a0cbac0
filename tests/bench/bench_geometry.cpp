// Micro-benchmark of the geometry hot paths on a busy table: 300 bases on
// 1800 x 1200 mm. Prints the median ns/op over several repetitions.
// Build: cmake --build build --target sandtable_bench
#include "sandtable/geometry.hpp"
#include "sandtable/movement.hpp"
#include "sandtable/spatial_index.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace sandtable::geom;

namespace {

constexpr int kBases = 300;
constexpr int kRepetitions = 7;

std::vector<Base> random_table() {
    std::uint64_t state = 42;
    auto next = [&state](double lo, double hi) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    std::vector<Base> bases;
    for (int i = 0; i < kBases; ++i)
        bases.push_back(Base{{next(0, 1800), next(0, 1200)}, next(-180, 180), next(20, 80), next(10, 40)});
    return bases;
}

// Runs `op` `ops` times per repetition; returns the median ns per op.
template <typename Op>
double median_ns_per_op(int ops, Op op) {
    std::vector<double> samples;
    for (int rep = 0; rep < kRepetitions; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < ops; ++i) op(i);
        const auto stop = std::chrono::steady_clock::now();
        samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / ops);
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

volatile double g_sink = 0.0;  // keeps the optimiser from dropping the work

}  // namespace

int main() {
    const std::vector<Base> bases = random_table();
    SpatialIndex index(100.0);
    for (int i = 0; i < kBases; ++i) index.insert(i, bases[static_cast<std::size_t>(i)]);
    const auto base = [&](int i) { return bases[static_cast<std::size_t>(i % kBases)]; };

    const double edge = median_ns_per_op(
        kBases * kBases, [&](int i) { g_sink = g_sink + edge_distance(base(i / kBases), base(i)); });
    const double overlap = median_ns_per_op(
        kBases * kBases, [&](int i) { g_sink = g_sink + (overlaps(base(i / kBases), base(i)) ? 1.0 : 0.0); });
    const double contact = median_ns_per_op(
        kBases * 30, [&](int i) { g_sink = g_sink + nearest_edge(base(i / 30), base(i)).distance; });
    const double query = median_ns_per_op(kBases * 10, [&](int i) {
        g_sink = g_sink + static_cast<double>(index.nearest_within(base(i), 150.0, i % kBases).size());
    });
    const double brute = median_ns_per_op(kBases, [&](int i) {
        int n = 0;
        for (int j = 0; j < kBases; ++j) n += (j != i && edge_distance(base(i), base(j)) <= 150.0) ? 1 : 0;
        g_sink = g_sink + n;
    });
    MoveContext ctx{.index = &index, .table = Rect{{0, 0}, {1800, 1200}}};
    const double move = median_ns_per_op(kBases * 3, [&](int i) {
        ctx.self = i % kBases;
        g_sink = g_sink + advance(base(i), 200.0, ctx).distance;
    });
    const double wheel_op = median_ns_per_op(kBases * 3, [&](int i) {
        ctx.self = i % kBases;
        g_sink = g_sink + wheel(base(i), WheelDirection::Left, 60.0, ctx).distance;
    });

    std::printf("sandtable geometry benchmark: %d bases on 1800 x 1200 mm, median of %d runs\n", kBases,
                kRepetitions);
    std::printf("  edge_distance                 %10.1f ns/op\n", edge);
    std::printf("  overlaps                      %10.1f ns/op\n", overlap);
    std::printf("  nearest_edge                  %10.1f ns/op\n", contact);
    std::printf("  index: all within 150 mm      %10.1f ns/op\n", query);
    std::printf("  scan:  all within 150 mm      %10.1f ns/op\n", brute);
    std::printf("  advance 200 mm (index, table) %10.1f ns/op\n", move);
    std::printf("  wheel 60 mm (index, table)    %10.1f ns/op\n", wheel_op);
    return 0;
}
