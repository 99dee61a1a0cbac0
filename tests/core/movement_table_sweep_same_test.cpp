// rotate_about (turn, wheel) skips working through the table's edges when
// the sweep's circle stays well inside the table (session eleven, branch
// core_calls). The shortcut must give the full sweep's answer: compared here
// on random movers, pivots and angles, many of them near, on or over an edge
// (where the sweep does stop) and just inside the shortcut's margin.
#include <catch2/catch.hpp>

#include "sandtable/movement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>

using namespace sandtable::geom;

namespace {

bool same(const std::optional<double>& a, const std::optional<double>& b) {
    if (a.has_value() != b.has_value()) return false;
    return !a || std::memcmp(&*a, &*b, sizeof(double)) == 0;
}

}  // namespace

TEST_CASE("a sweep's table stop: the shortcut gives the full sweep's answer", "[movement][table]") {
    std::mt19937_64 rng(1125);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int shortcut_taken = 0, stopped = 0;
    for (int n = 0; n < 200000; ++n) {
        const Rect table{{0, 0}, {unit(rng) < 0.5 ? 1800.0 : 1200.0, unit(rng) < 0.5 ? 1200.0 : 600.0}};
        const double w = 10.0 + unit(rng) * 200.0, d = 10.0 + unit(rng) * 100.0;
        // Anywhere, or near an edge: at distances around the base's half-diagonal
        // (the sweep's reach) so that both sides of the shortcut's margin occur.
        Vec2 c{unit(rng) * table.max.x, unit(rng) * table.max.y};
        if (unit(rng) < 0.7) {
            const double r = 0.5 * std::sqrt(w * w + d * d);
            const double off = r + (unit(rng) * 2.0 - 1.0) * (unit(rng) < 0.5 ? 0.01 : 20.0);
            switch (rng() % 4) {
                case 0: c.x = off; break;
                case 1: c.x = table.max.x - off; break;
                case 2: c.y = off; break;
                default: c.y = table.max.y - off; break;
            }
        }
        const std::array<double, 4> squares{0.0, 90.0, 180.0, -90.0};
        const double facing = unit(rng) < 0.5 ? squares[rng() % 4] : unit(rng) * 360.0 - 180.0;
        const Base mover{c, facing, w, d};
        const int pivot_kind = static_cast<int>(rng() % 3);
        const Vec2 pivot = pivot_kind == 0 ? mover.centre
                           : pivot_kind == 1 ? mover.corner(Corner::FrontLeft)
                                             : mover.corner(Corner::FrontRight);
        const double angle = (unit(rng) * 2.0 - 1.0) * (unit(rng) < 0.5 ? 45.0 : 180.0);
        const auto full = detail::sweep_table_stop(mover, pivot, angle, table, false);
        const auto quick = detail::sweep_table_stop(mover, pivot, angle, table, true);
        if (full) ++stopped;
        if (!quick && full) FAIL("the shortcut missed a stop at pair " << n);
        if (!same(quick, full)) {
            INFO("n " << n << " centre " << c.x << "," << c.y << " facing " << facing << " " << w << "x" << d
                      << " angle " << angle);
            FAIL("the shortcut's answer differs from the full sweep's");
        }
        // Count the sweeps the shortcut answered: the full sweep found no stop
        // and the mover's circle is inside by the margin's order.
        double reach = 0.0;
        for (const Vec2& k : mover.corners()) reach = std::max(reach, distance(k, pivot));
        if (std::min({pivot.x, table.max.x - pivot.x, pivot.y, table.max.y - pivot.y}) - reach > 1e-3) ++shortcut_taken;
    }
    // Both kinds must occur often for the comparison to mean anything.
    CHECK(stopped > 20000);
    CHECK(shortcut_taken > 20000);
}
