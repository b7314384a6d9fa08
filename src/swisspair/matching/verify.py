"""The optimality certificate of a matching core's solution, checked from the outside (for the tests).

Every condition of :mod:`swisspair.matching.weighted` ("Notation"): dual feasibility, tight
matched and blossom edges, zero duals of free vertices, full blossoms.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from swisspair.matching.protocol import MatchingCore


def verify_solution(core: MatchingCore) -> None:
    """Check every optimality condition of a core's solution; raise AssertionError if one fails.

    From :meth:`MatchingCore.state`, so that both cores are checked by the same code.
    """
    st = core.state()
    n = st["n"]
    cap = st["cap"]
    u = st["dual"]
    mate = st["mate"]
    bparent = st["bparent"]
    top_of = st["top"]
    bchilds = st["bchilds"]
    bedges = st["bedges"]
    bleaves = st["bleaves"]
    bbase = st["bbase"]
    assert isinstance(n, int) and isinstance(cap, int)
    assert isinstance(u, list) and isinstance(mate, list) and isinstance(bparent, list)
    assert isinstance(top_of, list) and isinstance(bchilds, list) and isinstance(bedges, list)
    assert isinstance(bleaves, list) and isinstance(bbase, list)
    w = [[2 * core.edge_weight(i, j) for j in range(n)] for i in range(n)]

    def leaves(b: int) -> list[int]:
        return [b] if b < cap else list(bleaves[b])

    # blossom chains per vertex
    chains: list[list[int]] = []
    for v in range(n):
        ch: list[int] = []
        b = bparent[v]
        while b >= 0:
            ch.append(b)
            b = bparent[b]
        chains.append(ch)
        assert u[v] >= 0, "negative vertex dual"
        m = mate[v]
        if m >= 0:
            assert mate[m] == v, "asymmetric mates"
            assert w[v][m] > 0, "matched non-edge"
        else:
            assert u[v] == 0, f"free vertex {v} with dual {u[v]}"
        top = ch[-1] if ch else v
        assert top_of[v] == top, "stale top"
    for i in range(n):
        si = set(chains[i])
        for j in range(i + 1, n):
            wt = w[i][j]
            if not wt:
                continue
            zs = sum(u[b] for b in chains[j] if b in si)
            sl = u[i] + u[j] - wt + 2 * zs
            assert sl >= 0, f"negative slack on {i}-{j}"
            if mate[i] == j:
                assert sl == 0, f"matched edge {i}-{j} not tight"
    for b in range(cap, 2 * cap):
        childs = bchilds[b]
        if not childs:
            continue
        assert u[b] >= 0
        k = len(childs)
        assert k >= 3 and k & 1
        lv = leaves(b)
        base = bbase[b]
        assert base in lv
        inner = sum(1 for x in lv if 0 <= mate[x] and mate[x] in lv)
        assert inner == len(lv) - 1, "blossom not full"
        for idx, (x, y) in enumerate(bedges[b]):
            assert x in leaves(childs[idx])
            assert y in leaves(childs[(idx + 1) % k])
            ci = set(chains[x])
            zs = sum(u[c] for c in chains[y] if c in ci)
            assert u[x] + u[y] - w[x][y] + 2 * zs == 0, "cycle edge not tight"
            assert (mate[x] == y) == bool(idx & 1), "cycle not alternating"
        assert base in leaves(childs[0])

__all__ = ["verify_solution"]
