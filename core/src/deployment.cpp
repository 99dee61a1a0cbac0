// Generic placement searches in the core (see deployment.hpp): blocks along
// a line with forbidden intervals, grid places by distance, overlapping
// bases. Each keeps the comparisons and arithmetic of the Lua code a
// ruleset's commander may also run, in the same order, so a commander gets
// the same placements to the last bit whichever it calls.
#include "sandtable/deployment.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

namespace sandtable::deployment {

namespace {

using Less = std::function<bool(const LineCandidate&, const LineCandidate&)>;

// ltablib.c auxsort on a[lo..up] (1-based, as Lua's). The order is a
// template parameter: the search sorts often, and a call through
// std::function per comparison cost more than the comparison.
template <typename Lt>
void auxsort(std::vector<LineCandidate>& v, std::size_t lo, std::size_t up, const Lt& lt) {
  auto a = [&](std::size_t i) -> LineCandidate& { return v[i - 1]; };
  while (lo < up) {
    if (lt(a(up), a(lo))) std::swap(a(lo), a(up));
    if (up - lo == 1) return;
    std::size_t p = (lo + up) / 2;
    if (lt(a(p), a(lo))) std::swap(a(p), a(lo));
    else if (lt(a(up), a(p))) std::swap(a(p), a(up));
    if (up - lo == 2) return;
    const LineCandidate pivot = a(p);
    std::swap(a(p), a(up - 1));   // a[up - 1] is the pivot now
    std::size_t i = lo, j = up - 1;
    for (;;) {
      while (lt(a(++i), pivot)) {
        if (i == up - 1) throw std::invalid_argument("invalid order function for sorting");
      }
      while (lt(pivot, a(--j))) {
        if (j < i) throw std::invalid_argument("invalid order function for sorting");
      }
      if (j < i) {
        std::swap(a(up - 1), a(i));
        p = i;
        break;
      }
      std::swap(a(i), a(j));
    }
    if (p - lo < up - p) {
      auxsort(v, lo, p - 1, lt);
      lo = p + 1;
    } else {
      auxsort(v, p + 1, up, lt);
      up = p - 1;
    }
  }
}

// The better candidate: the better level, then nearer the ideal by more
// than 0.5 mm, then the option's order.
bool candidate_before(const LineCandidate& a, const LineCandidate& b) {
  if (a.level != b.level) return a.level < b.level;
  const double d = a.dist - b.dist;
  if (d > 0.5 || d < -0.5) return a.dist < b.dist;
  return a.order < b.order;
}

class Search {
public:
  Search(std::vector<LinePart>& parts, double limit, double gap, int budget)
      : parts_(parts), limit_(limit), gap_(gap), budget_(budget), used_(parts.size()) {
    for (std::size_t pi = 0; pi < parts.size(); ++pi) used_[pi].assign(parts[pi].blocks.size(), false);
  }

  bool run() { return go(0, std::nullopt); }

private:
  using Key = std::tuple<std::size_t, std::uint64_t, bool, double>;

  const std::vector<LineCandidate>& candidates(std::size_t pi, std::size_t bi, double lo, double hi) {
    auto& kept = kept_[{pi, bi, lo, hi}];
    if (!kept) kept = line_candidates(parts_[pi].blocks[bi], lo, hi);
    return *kept;
  }

  bool go(std::size_t pi, std::optional<double> prev_end) {
    ++nodes_;
    if (nodes_ > budget_) return false;
    if (pi >= parts_.size()) return true;
    LinePart& part = parts_[pi];
    auto& used = used_[pi];
    std::uint64_t mask = 0;
    std::size_t left = 0;
    for (std::size_t bi = 0; bi < part.blocks.size(); ++bi) {
      if (used[bi]) mask |= std::uint64_t{1} << (bi + 1);
      else ++left;
    }
    if (left == 0) return go(pi + 1, prev_end);
    // floor(prev_end), or the key of "no block yet"
    const Key key{pi, mask, prev_end.has_value(), prev_end ? std::floor(*prev_end) : 0.0};
    if (failed_.count(key)) return false;
    const LinePart* nextp = pi + 1 < parts_.size() ? &parts_[pi + 1] : nullptr;
    const double m = static_cast<double>(left - 1);
    for (std::size_t bi = 0; bi < part.blocks.size(); ++bi) {
      if (used[bi]) continue;
      LineBlock& b = part.blocks[bi];
      double lo = part.lo, hi = part.hi - b.width;
      if (prev_end) {
        const double a = *prev_end + gap_, z = *prev_end + limit_;
        if (lo < a) lo = a;
        if (z < hi) hi = z;
      }
      if (!(lo <= hi + 1e-6)) continue;
      // what the rest of this part needs after b
      double wr = 0;
      for (std::size_t oi = 0; oi < part.blocks.size(); ++oi)
        if (oi != bi && !used[oi]) wr = wr + part.blocks[oi].width;
      const auto& cands = candidates(pi, bi, lo, hi);
      for (const LineCandidate& c : cands) {
        const double e = c.u + b.width;
        const bool fits = e + m * gap_ + wr <= part.hi + 1e-6;
        double reach = e + m * limit_ + wr;
        if (part.hi < reach) reach = part.hi;
        if (fits && (!nextp || reach + limit_ >= nextp->lo - 1e-6)) {
          used[bi] = true;
          b.pu0 = c.u;
          b.pdv = c.dv;
          b.assigned = true;
          if (go(pi, e)) return true;
          used[bi] = false;
        }
        if (nodes_ > budget_) return false;
      }
    }
    failed_.insert(key);
    return false;
  }

  std::vector<LinePart>& parts_;
  double limit_, gap_;
  int budget_;
  int nodes_ = 0;
  std::vector<std::vector<bool>> used_;
  std::set<Key> failed_;
  std::map<std::tuple<std::size_t, std::size_t, double, double>, std::optional<std::vector<LineCandidate>>> kept_;
};

}  // namespace

void lua_sort(std::vector<LineCandidate>& a, const Less& less) {
  if (a.size() > 1) auxsort(a, 1, a.size(), less);
}

namespace {

bool nearer(const LineCandidate& a, const LineCandidate& b) { return a.dist < b.dist; }

}  // namespace

std::vector<LineCandidate> line_candidates(const LineBlock& b, double lo, double hi) {
  std::vector<LineCandidate> c;
  // scratch lists kept between calls (the search asks for many blocks and ranges)
  thread_local std::vector<double> fs, fe;
  thread_local std::vector<double> seen;   // keys of (u, dv) pairs taken, a tenth of a mm each
  seen.clear();
  const double bu0 = b.u0;
  int oi = 0;
  for (const LineOption& o : b.options) {
    ++oi;
    fs.clear();
    fe.clear();
    double at = lo;
    for (const auto& [s1, s2] : o.forbidden) {
      if (s2 > at) {
        if (s1 > at) {
          const double e = hi < s1 ? hi : s1;
          if (e >= at - 1e-6) { fs.push_back(at); fe.push_back(e); }
        }
        if (at < s2) at = s2;
      }
      if (at > hi) break;
    }
    if (at <= hi) { fs.push_back(at); fe.push_back(hi); }
    const double dkey = std::floor(o.dv * 10);
    const std::size_t nf = fs.size();
    for (std::size_t fi = 0; fi < nf; ++fi) {
      const double f0 = fs[fi], f1 = fe[fi];
      for (int k = 1; k <= 3; ++k) {
        double u = 0;
        if (k == 1) {
          u = bu0 < f0 ? f0 : bu0;
          if (f1 < u) u = f1;
        } else if (k == 2) {
          if (fi + 1 != nf) continue;
          u = f1;
        } else {
          if (fi != 0) continue;
          u = f0;
        }
        // the Lua key floor(u * 10) * 2^24 + floor(dv * 10): exact in a double
        const double key = std::floor(u * 10) * 16777216 + dkey;
        bool dup = false;
        for (double s : seen) if (s == key) { dup = true; break; }
        if (dup) continue;
        seen.push_back(key);
        c.push_back(LineCandidate{u, o.dv, o.level, oi, std::fabs(u - bu0)});
      }
    }
  }
  if (c.size() > 1) auxsort(c, 1, c.size(), [](const LineCandidate& x, const LineCandidate& y) {
    return candidate_before(x, y);
  });
  return c;
}

bool fit_line(std::vector<LinePart>& parts, double limit, double gap, int budget) {
  for (const LinePart& p : parts)
    if (p.blocks.size() > 62) throw std::invalid_argument("fit_line: a part of more than 62 blocks");
  Search search(parts, limit, gap, budget);
  return search.run();
}

std::vector<std::pair<double, double>> places_by_distance(const std::vector<double>& us, const std::vector<double>& vs,
                                                          double want_u, double want_v) {
  std::vector<LineCandidate> c;
  c.reserve(us.size() * vs.size());
  for (double u : us) {
    double du = u - want_u;
    if (du < 0) du = -du;
    for (double v : vs) {
      double dv = v - want_v;
      if (dv < 0) dv = -dv;
      c.push_back(LineCandidate{u, v, 0, 0, du + dv});
    }
  }
  if (c.size() > 1)
    auxsort(c, 1, c.size(), [](const LineCandidate& x, const LineCandidate& y) { return nearer(x, y); });
  std::vector<std::pair<double, double>> out;
  out.reserve(c.size());
  for (const auto& e : c) out.emplace_back(e.u, e.dv);
  return out;
}

namespace {

using Corners = std::array<double, 8>;

// setup.lua corners(): front-left, front-right, rear-right, rear-left, with
// axes() = math.rad, sin, cos.
Corners base_corners(const PlacedBase& b) {
  const double a = b.facing * (3.141592653589793238462643383279502884 / 180.0);   // math.rad
  const double s = std::sin(a), c = std::cos(a);
  const double fx = -s, fy = c, rx = c, ry = s;
  const double hw = b.w / 2, hd = b.d / 2;
  return {b.x + fx * hd - rx * hw, b.y + fy * hd - ry * hw, b.x + fx * hd + rx * hw, b.y + fy * hd + ry * hw,
          b.x - fx * hd + rx * hw, b.y - fy * hd + ry * hw, b.x - fx * hd - rx * hw, b.y - fy * hd - ry * hw};
}

// setup.lua edge_axes() of a rectangle: its first two edges' normals.
std::vector<std::pair<double, double>> rect_axes(const Corners& p) {
  std::vector<std::pair<double, double>> out;
  for (std::size_t i = 0; i <= 2; i += 2) {
    const double x1 = p[i], y1 = p[i + 1];
    const double ex = p[i + 2] - x1, ey = p[i + 3] - y1;
    const double len = std::sqrt(ex * ex + ey * ey);
    if (len > 0) out.emplace_back(-ey / len, ex / len);
  }
  return out;
}

// setup.lua project(): min and max of the corners along an axis.
std::pair<double, double> project(const Corners& p, double ax, double ay) {
  double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 8; i += 2) {
    const double v = p[i] * ax + p[i + 1] * ay;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return {lo, hi};
}

bool separated_on(const Corners& a, const Corners& b, const std::vector<std::pair<double, double>>& axes,
                  double slack) {
  for (const auto& [ax, ay] : axes) {
    const auto [alo, ahi] = project(a, ax, ay);
    const auto [blo, bhi] = project(b, ax, ay);
    if (ahi <= blo + slack || bhi <= alo + slack) return true;
  }
  return false;
}

}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> overlapping_bases(const std::vector<PlacedBase>& bases, double slack) {
  const std::size_t n = bases.size();
  std::vector<double> half(n);
  for (std::size_t i = 0; i < n; ++i) half[i] = std::sqrt(bases[i].w * bases[i].w + bases[i].d * bases[i].d);
  std::vector<std::optional<Corners>> corners(n);
  std::vector<std::vector<std::pair<double, double>>> axes(n);
  auto corners_of = [&](std::size_t i) -> const Corners& {
    if (!corners[i]) {
      corners[i] = base_corners(bases[i]);
      axes[i] = rect_axes(*corners[i]);
    }
    return *corners[i];
  };
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      // bases further apart than both half-diagonals cannot overlap
      const double reach = 0.5 * (half[i] + half[j]) + 1;
      const double dx = bases[i].x - bases[j].x, dy = bases[i].y - bases[j].y;
      if (dx * dx + dy * dy <= reach * reach) {
        const Corners& a = corners_of(i);
        const Corners& b = corners_of(j);
        if (!(separated_on(a, b, axes[i], slack) || separated_on(a, b, axes[j], slack))) out.emplace_back(i, j);
      }
    }
  }
  return out;
}

}  // namespace sandtable::deployment
