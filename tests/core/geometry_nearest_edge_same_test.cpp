// nearest_edge() (bf:contact, a blocked move's edges) was made cheaper in
// session eleven (branch core_calls) by sharing work between the four edges
// of the target. The answers must be the same doubles as before: this file
// keeps the earlier implementation, word for word but for names, as the
// reference, and compares the two on random pairs of bases, many of them
// touching, overlapping or lined up (where the ties and tolerances bite).
#include <catch2/catch.hpp>

#include "sandtable/geometry.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace sandtable::geom;

namespace {

// --- The reference: nearest_edge as it was before (commit 4b7f46d) ---------

void ref_project(const std::array<Vec2, 4>& pts, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (const Vec2& p : pts) {
        const double d = dot(p, axis);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

Vec2 ref_normal(const Footprint& q, Edge e) {
    switch (e) {
        case Edge::Front: return q.forward;
        case Edge::Rear: return -q.forward;
        case Edge::Left: return -q.right;
        case Edge::Right: return q.right;
    }
    return {};
}

double ref_clipped_length(const Segment& s, const Footprint& quad, double grow) {
    double t0 = 0.0;
    double t1 = 1.0;
    const Vec2 d = s.b - s.a;
    for (Edge e : kAllEdges) {
        const Vec2 n = ref_normal(quad, e);
        const Vec2 on_edge = edge_of(quad, e).a + n * grow;
        const double start = dot(s.a - on_edge, n);
        const double rate = dot(d, n);
        if (rate == 0.0) {
            if (start > 0.0) return 0.0;
            continue;
        }
        const double t = -start / rate;
        if (rate > 0.0) t1 = std::min(t1, t);
        else t0 = std::max(t0, t);
        if (t0 > t1) return 0.0;
    }
    return (t1 - t0) * length(d);
}

std::vector<Vec2> ref_contact_normals(const Footprint& target, const Footprint& other) {
    std::array<Vec2, 4> axes{target.forward, target.right, other.forward, other.right};
    std::array<double, 4> separation{};
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        double t0, t1, o0, o1;
        ref_project(target.c, axes[i], t0, t1);
        ref_project(other.c, axes[i], o0, o1);
        if (t0 - o1 > o0 - t1) {
            axes[i] = -axes[i];
            separation[i] = t0 - o1;
        } else {
            separation[i] = o0 - t1;
        }
        best = std::max(best, separation[i]);
    }
    std::vector<Vec2> normals;
    for (std::size_t i = 0; i < 4; ++i)
        if (separation[i] >= best - kContactTolerance) normals.push_back(axes[i]);
    return normals;
}

EdgeContact ref_nearest_edge(const Footprint& target, const Footprint& other) {
    std::array<EdgeContact, 4> candidates{};
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < 4; ++i) {
        const Edge e = kAllEdges[i];
        const double d = distance_segment_convex(edge_of(target, e), other.c);
        candidates[i] = {e, d <= kContactTolerance ? 0.0 : d, 0.0};
        best = std::min(best, candidates[i].distance);
    }
    for (auto& c : candidates)
        if (c.distance <= kContactTolerance)
            c.contact_length = ref_clipped_length(edge_of(target, c.edge), other, kContactTolerance);
    const std::vector<Vec2> normals = ref_contact_normals(target, other);
    struct Rank {
        double contact_length;
        double squareness;
        double beyond;
    };
    const auto rank_of = [&](const EdgeContact& c) {
        const Vec2 n = ref_normal(target, c.edge);
        double square = -1.0;
        for (const Vec2& axis : normals) square = std::max(square, dot(n, axis));
        return Rank{c.contact_length, square, dot(other.centre - edge_of(target, c.edge).a, n)};
    };
    const auto better = [](const Rank& a, const Rank& b) {
        constexpr double tol = kContactTolerance;
        if (std::abs(a.contact_length - b.contact_length) > tol) return a.contact_length > b.contact_length;
        if (std::abs(a.squareness - b.squareness) > 1e-9) return a.squareness > b.squareness;
        return a.beyond > b.beyond + tol;
    };
    const EdgeContact* chosen = nullptr;
    Rank chosen_rank{};
    for (const auto& c : candidates) {
        if (c.distance > best + kContactTolerance) continue;
        const Rank r = rank_of(c);
        if (chosen == nullptr || better(r, chosen_rank)) {
            chosen = &c;
            chosen_rank = r;
        }
    }
    return *chosen;
}

// The same double, bit for bit (0.0 and -0.0 apart).
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A random pair: the second base anywhere near, or put against an edge of
// the first (touching, a hair apart, a hair over), squarely or at an angle.
std::pair<Base, Base> random_pair(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> pos(0.0, 1200.0), size(10.0, 120.0), unit(0.0, 1.0);
    const std::array<double, 8> squares{0.0, 90.0, 180.0, -90.0, 45.0, 30.0, -135.0, 60.0};
    const auto facing = [&]() { return unit(rng) < 0.5 ? squares[rng() % 8] : unit(rng) * 360.0 - 180.0; };
    const Base a{{pos(rng), pos(rng)}, facing(), size(rng), size(rng)};
    Base b{{0, 0}, facing(), size(rng), size(rng)};
    const double kind = unit(rng);
    if (kind < 0.3) {
        b.centre = a.centre + Vec2{unit(rng) * 300.0 - 150.0, unit(rng) * 300.0 - 150.0};
    } else {
        // Lined up on one of a's edges, facing it or alongside.
        const Edge e = kAllEdges[rng() % 4];
        const std::array<double, 5> gaps{0.0, 1e-7, -1e-7, 0.5, -2.0};
        const double gap = gaps[rng() % 5];
        if (kind < 0.7) b.facing_deg = a.facing_deg + squares[rng() % 4];
        const Vec2 n = a.outward_normal(e);
        const double half_a = (e == Edge::Front || e == Edge::Rear) ? a.depth / 2 : a.width / 2;
        // b's extent along n (exact when b is square to a, a bound otherwise).
        const Base probe{{0, 0}, b.facing_deg, b.width, b.depth};
        double lo = 0, hi = 0;
        for (const Vec2& c : probe.corners()) {
            lo = std::min(lo, dot(c, n));
            hi = std::max(hi, dot(c, n));
        }
        const Vec2 along{n.y, -n.x};
        const std::array<double, 4> offs{0.0, 0.5 * a.width, -0.5 * a.width, unit(rng) * 100.0 - 50.0};
        b.centre = a.centre + n * (half_a + gap - lo) + along * offs[rng() % 4];
        (void)hi;
    }
    return {a, b};
}

}  // namespace

TEST_CASE("nearest_edge gives the earlier implementation's answers, bit for bit", "[geometry][contact]") {
    std::mt19937_64 rng(20261125);
    int touching = 0;
    for (int n = 0; n < 200000; ++n) {
        const auto [a, b] = random_pair(rng);
        const Footprint fa(a), fb(b);
        for (int way = 0; way < 2; ++way) {
            const Footprint& t = way ? fb : fa;
            const Footprint& o = way ? fa : fb;
            const EdgeContact want = ref_nearest_edge(t, o);
            const EdgeContact got = nearest_edge(t, o);
            if (want.distance == 0.0) ++touching;
            if (got.edge != want.edge || !same_bits(got.distance, want.distance) ||
                !same_bits(got.contact_length, want.contact_length)) {
                INFO("pair " << n << " way " << way << ": a at " << a.centre.x << "," << a.centre.y << " facing "
                             << a.facing_deg << " " << a.width << "x" << a.depth << "; b at " << b.centre.x << ","
                             << b.centre.y << " facing " << b.facing_deg << " " << b.width << "x" << b.depth);
                CHECK(to_string(got.edge) == to_string(want.edge));
                CHECK(got.distance == want.distance);
                CHECK(got.contact_length == want.contact_length);
                FAIL("nearest_edge differs from the reference");
            }
        }
    }
    // The generator must reach the touching cases the ties are about.
    CHECK(touching > 50000);
}
