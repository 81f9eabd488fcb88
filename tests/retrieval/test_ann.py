"""Vector search: exact numpy search (picasso_tui/retrieval/exact.py) and the hnswlib index (ann.py)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from picasso_tui.retrieval.ann import IndexLoadError, hnswlib_available
from picasso_tui.retrieval.embedders.base import normalize
from picasso_tui.retrieval.exact import HNSW_MIN_ROWS, MIN_HNSW_ALLOWED_FRACTION, exact_search, prefer_exact

DIM = 64
needs_hnswlib = pytest.mark.skipif(not hnswlib_available(), reason="hnswlib is not installed")


def unit_rows(n: int, dim: int = DIM, seed: int = 0) -> np.ndarray:
    return normalize(np.random.default_rng(seed).standard_normal((n, dim)))


def clustered(n: int, n_queries: int, dim: int = 384, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Topic centres plus noise (cosine ~0.7 to the centre): closer to real embeddings than isotropic noise."""
    rng = np.random.default_rng(seed)
    centres = normalize(rng.standard_normal((max(20, n // 50), dim)))

    def draw(count: int) -> np.ndarray:
        picks = rng.integers(0, len(centres), count)
        return normalize(centres[picks] + np.float32(0.052) * rng.standard_normal((count, dim)).astype(np.float32))

    return draw(n), draw(n_queries)


def brute_force(matrix, labels, queries, k, allowed=None):
    """Reference: float64 scores, best row per label over all queries, full sort."""
    scores = (matrix.astype(np.float64) @ np.atleast_2d(queries).astype(np.float64).T).max(axis=1)
    order = [i for i in np.argsort(-scores, kind="stable") if allowed is None or allowed[i]]
    return [(int(labels[i]), float(scores[i])) for i in order[:k]]


def assert_same_hits(got, want, tol=1e-5):
    """Same scores in the same order; two labels may only trade places on a tie."""
    assert len(got) == len(want)
    assert np.allclose([s for _, s in got], [s for _, s in want], atol=tol)
    assert all(abs(g[1] - w[1]) < tol for g, w in zip(got, want, strict=True) if g[0] != w[0])


# ---------------------------------------------------------------------------------------------------------------------
# exact search
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 8, 50, 500, 1000])
def test_exact_search_matches_brute_force(k):
    matrix = unit_rows(700, seed=3)
    labels = np.random.default_rng(4).permutation(10_000)[:700]
    queries = unit_rows(3, seed=5)
    for q in (queries[0], queries[:1], queries):
        got = exact_search(matrix, labels, q, k)
        assert_same_hits(got, brute_force(matrix, labels, q, k))
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
        assert all(isinstance(label, int) and isinstance(score, float) for label, score in got)


def test_exact_search_takes_a_plain_list_of_labels():
    matrix = unit_rows(50)
    labels = [1000 + i for i in range(50)]
    got = exact_search(matrix, labels, matrix[7], 3)
    assert got[0] == (1007, pytest.approx(1.0, abs=1e-5))


def test_exact_search_rejects_float64():
    matrix = unit_rows(20)
    with pytest.raises(TypeError, match="float32"):
        exact_search(matrix, list(range(20)), matrix[:1].astype(np.float64), 3)
    with pytest.raises(TypeError, match="float32"):
        exact_search(matrix.astype(np.float64), list(range(20)), matrix[:1], 3)
    with pytest.raises(ValueError):
        exact_search(matrix, list(range(20)), unit_rows(1, dim=DIM + 1), 3)
    with pytest.raises(ValueError):
        exact_search(matrix, list(range(19)), matrix[:1], 3)


def test_exact_search_empty_cases():
    matrix = unit_rows(10)
    assert exact_search(matrix, list(range(10)), matrix[:1], 0) == []
    assert exact_search(np.zeros((0, DIM), np.float32), [], matrix[:1], 5) == []
    assert exact_search(matrix, list(range(10)), np.zeros((0, DIM), np.float32), 5) == []
    assert exact_search(matrix, list(range(10)), matrix[:1], 5, np.zeros(10, bool)) == []


@pytest.mark.parametrize("fraction", [0.02, 0.2, 0.5, 0.9])  # both the gather path (< 1/3) and the masked pass
def test_exact_search_honours_the_mask(fraction):
    matrix = unit_rows(600, seed=8)
    labels = np.arange(600) * 7
    rng = np.random.default_rng(9)
    for _ in range(20):
        mask = rng.random(600) < fraction
        queries = unit_rows(2, seed=int(rng.integers(1 << 30)))
        got = exact_search(matrix, labels, queries, 10, mask)
        allowed = set(labels[mask].tolist())
        assert all(label in allowed for label, _ in got)
        assert_same_hits(got, brute_force(matrix, labels, queries, 10, mask))


def test_exact_search_never_returns_disallowed_even_when_they_are_the_nearest():
    matrix = unit_rows(400, seed=11)
    labels = np.arange(400)
    query = matrix[5:6]
    nearest = [label for label, _ in brute_force(matrix, labels, query, 100)]
    mask = np.ones(400, bool)
    mask[nearest] = False  # the 100 nearest rows, the query's own row included, are out of scope
    got = exact_search(matrix, labels, query, 8, mask)
    assert len(got) == 8 and not set(nearest) & {label for label, _ in got}
    only = np.zeros(400, bool)
    only[[3, 399]] = True  # fewer allowed rows than k: just those
    assert {label for label, _ in exact_search(matrix, labels, query, 8, only)} == {3, 399}


def test_exact_search_merges_query_rows_by_best_similarity():
    matrix = unit_rows(300, seed=12)
    labels = np.arange(300)
    queries = matrix[[10, 200]]  # each query row is a stored row: both must come first, at similarity 1
    got = exact_search(matrix, labels, queries, 6)
    assert {label for label, _ in got[:2]} == {10, 200}
    per_row = {}
    for q in queries:
        for label, score in exact_search(matrix, labels, q, 300):
            per_row[label] = max(per_row.get(label, -1.0), score)
    for label, score in got:
        assert score == pytest.approx(per_row[label], abs=1e-6)
    assert len({label for label, _ in got}) == len(got)


def test_prefer_exact():
    assert prefer_exact(HNSW_MIN_ROWS - 1)
    assert not prefer_exact(10 * HNSW_MIN_ROWS)
    assert prefer_exact(10 * HNSW_MIN_ROWS, HNSW_MIN_ROWS - 1)
    big = 100 * HNSW_MIN_ROWS
    assert prefer_exact(big, int(MIN_HNSW_ALLOWED_FRACTION * big) - 1)
    assert not prefer_exact(big, big // 2)


# ---------------------------------------------------------------------------------------------------------------------
# HNSW
# ---------------------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus():
    matrix, queries = clustered(4000, 200)
    labels = np.arange(4000, dtype=np.int64) * 3 + 1  # labels are not row numbers
    return matrix, labels, queries


@pytest.fixture(scope="module")
def built(corpus):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, _ = corpus
    return HnswIndex.build(labels, matrix)


def recall_at(got, want):
    return len({label for label, _ in got} & {label for label, _ in want}) / len(want)


@needs_hnswlib
def test_hnsw_recall_at_8_on_clustered_data(corpus, built):
    matrix, labels, queries = corpus
    assert len(built) == 4000 and built.ef_search == 64
    scores = matrix @ queries.T  # the exact answers for every query in one product
    recalls = []
    for i, q in enumerate(queries):
        want = {int(label) for label in labels[np.argpartition(-scores[:, i], 8)[:8]]}
        recalls.append(len(want & {label for label, _ in built.search(q, 8)}) / 8)
    assert np.mean(recalls) >= 0.95
    multi = []
    for i in range(0, 150, 3):  # three query rows merged, as the pipeline searches prompt + paths + symbols
        best = scores[:, i : i + 3].max(axis=1)
        want = {int(label) for label in labels[np.argpartition(-best, 8)[:8]]}
        multi.append(len(want & {label for label, _ in built.search(queries[i : i + 3], 8)}) / 8)
    assert np.mean(multi) >= 0.95


@needs_hnswlib
def test_hnsw_scores_are_cosines_and_merged_per_label(corpus, built):
    matrix, labels, _ = corpus
    queries = matrix[[0, 2000]]
    got = built.search(queries, 10)
    assert {label for label, _ in got[:2]} == {int(labels[0]), int(labels[2000])}
    assert got[0][1] == pytest.approx(1.0, abs=1e-4)
    assert len({label for label, _ in got}) == len(got) == 10
    assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
    row_of = {int(label): i for i, label in enumerate(labels)}
    for label, score in got:
        assert score == pytest.approx(float((matrix[row_of[label]] @ queries.T).max()), abs=1e-4)


@needs_hnswlib
def test_hnsw_large_k_and_k_beyond_size(corpus, built):
    matrix, labels, queries = corpus
    got = built.search(queries[0], 100)
    assert len(got) == 100 and recall_at(got, exact_search(matrix, labels, queries[0], 100)) >= 0.9
    from picasso_tui.retrieval.ann import HnswIndex

    small = HnswIndex.build([5, 6, 7], matrix[:3])
    assert {label for label, _ in small.search(queries[0], 10)} == {5, 6, 7}
    assert small.search(queries[0], 0) == []


@needs_hnswlib
# over-fetch (>= 20% allowed), hnswlib's filter callback (below), exact over the stored rows (<= 256 allowed)
@pytest.mark.parametrize("fraction", [0.9, 0.3, 0.15, 0.08, 0.03, 0.002])
def test_hnsw_filter_is_honoured(corpus, built, fraction):
    matrix, labels, queries = corpus
    rng = np.random.default_rng(int(fraction * 1000))
    mask = rng.random(len(labels)) < fraction
    allowed = set(labels[mask].tolist())
    recalls = []
    for q in queries[:40]:
        got = built.search(q, 8, allowed)
        assert all(label in allowed for label, _ in got)
        want = exact_search(matrix, labels, q, 8, mask)
        assert len(got) == len(want)
        recalls.append(recall_at(got, want))
    assert np.mean(recalls) >= 0.9


@needs_hnswlib
def test_hnsw_filter_when_every_near_neighbour_is_disallowed(corpus, built):
    matrix, labels, _ = corpus
    query = matrix[100:101]
    nearest = {label for label, _ in exact_search(matrix, labels, query, 400)}
    allowed = set(labels.tolist()) - nearest  # 90% of the index allowed, but none of the 400 nearest
    got = built.search(query, 8, allowed)
    assert len(got) == 8 and not nearest & {label for label, _ in got}
    far = {int(labels[i]) for i in (7, 3999)} | {10**9}  # plus a label the index never had
    got = built.search(query, 8, far)
    assert {label for label, _ in got} == {int(labels[7]), int(labels[3999])}
    assert built.search(query, 8, {10**9}) == []
    assert built.search(query, 8, set()) == []
    # a scope naming mostly labels this index never had (other models' rows): the estimate is wrong, not the answer
    foreign = set(range(10**9, 10**9 + 9000))
    got = built.search(query, 8, foreign | {int(labels[7]), int(labels[3999]), int(labels[5])})
    assert {label for label, _ in got} == {int(labels[7]), int(labels[3999]), int(labels[5])}
    some = set(labels[:4000:40].tolist())  # 100 real labels among 9000 foreign ones
    got = built.search(query, 8, foreign | some)
    assert len(got) == 8 and {label for label, _ in got} <= some


@needs_hnswlib
def test_hnsw_filter_last_resort_is_exact(corpus, monkeypatch):
    """If hnswlib cannot find the allowed labels (a graph split by deletions), the allowed rows are searched exactly."""
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, queries = corpus
    index = HnswIndex.build(labels[:2000], matrix[:2000])
    real_knn = index._knn

    def failing_knn(queries, k, ef, filter_=None):
        if filter_ is not None:
            raise RuntimeError("Cannot return the results in a contiguous 2D array")
        return real_knn(queries, k, ef)

    monkeypatch.setattr(index, "_knn", failing_knn)
    allowed = set(labels[:1800:6].tolist())  # 300 labels, 15%: the filter-callback path
    got = index.search(queries[:2], 5, allowed)
    mask = np.isin(labels[:2000], list(allowed))
    assert_same_hits(got, exact_search(matrix[:2000], labels[:2000], queries[:2], 5, mask), tol=1e-4)


@needs_hnswlib
def test_hnsw_incremental_add_update_and_delete(corpus):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, queries = corpus
    index = HnswIndex.build(labels[:300], matrix[:300])
    assert len(index) == 300
    index.add(labels[300:1300], matrix[300:1300])  # grows past the initial capacity
    assert len(index) == 1300 and int(labels[1299]) in index
    assert index.search(matrix[1200], 1)[0][0] == int(labels[1200])

    # a changed row: the same label with a new vector
    index.add([int(labels[5])], matrix[3000:3001])
    assert index.search(matrix[3000], 1)[0] == (int(labels[5]), pytest.approx(1.0, abs=1e-4))
    assert len(index) == 1300

    # the last row given for a label wins
    index.add([int(labels[6]), int(labels[6])], matrix[[3001, 3002]])
    assert index.search(matrix[3002], 1)[0][0] == int(labels[6])

    gone = [int(label) for label in labels[:100]]
    assert index.mark_deleted(gone) == 100
    assert index.mark_deleted([*gone[:5], 10**9]) == 0  # already deleted or never present: no error
    assert len(index) == 1200 and index.deleted_count == 100 and gone[0] not in index
    for q in list(matrix[:100:10]) + list(queries[:10]):
        assert not set(gone) & {label for label, _ in index.search(q, 20)}
    assert not set(gone) & {label for label, _ in index.search(matrix[:3], 8, set(gone[:50]) | {int(labels[700])})}

    index.add([gone[0]], matrix[:1])  # re-added after deletion
    assert gone[0] in index and index.deleted_count == 99
    assert index.search(matrix[0], 1)[0][0] == gone[0]
    assert index.labels == frozenset(int(label) for label in labels[:1300]) - set(gone[1:])

    with pytest.raises(TypeError):
        index.add([1], matrix[:1].astype(np.float64))
    with pytest.raises(ValueError):
        index.add([-1], matrix[:1])
    with pytest.raises(ValueError):
        index.add([1, 2], matrix[:1])


@needs_hnswlib
def test_hnsw_should_rebuild_after_many_deletions(corpus):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, _ = corpus
    index = HnswIndex.build(labels[:1000], matrix[:1000])
    index.mark_deleted(labels[:150])
    assert not index.should_rebuild
    index.mark_deleted(labels[150:300])
    assert index.should_rebuild


@needs_hnswlib
def test_hnsw_save_load_round_trip(corpus, tmp_path):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, queries = corpus
    index = HnswIndex.build(labels[:2000], matrix[:2000], ef_search=80)
    index.mark_deleted(labels[:10])
    index.meta = {"model": "hash-v1-384", "fingerprint": "abc"}
    path = tmp_path / "cache" / "vectors.hnsw"
    index.save(path)
    index.save(path)  # a second save replaces the first graph file
    assert len(list(path.parent.glob("vectors.hnsw.*.bin"))) == 1
    assert not list(path.parent.glob(".*"))  # no temp files left

    loaded = HnswIndex.load(path, 384)
    assert len(loaded) == 1990 and loaded.deleted_count == 10 and loaded.ef_search == 80
    assert loaded.meta == {"model": "hash-v1-384", "fingerprint": "abc"}
    assert loaded.labels == index.labels
    for q in queries[:20]:
        assert loaded.search(q, 8) == index.search(q, 8)
    loaded.add(labels[2000:2100], matrix[2000:2100])  # a loaded index keeps growing
    assert len(loaded) == 2090 and loaded.search(matrix[2050], 1)[0][0] == int(labels[2050])
    loaded.mark_deleted(labels[:10])  # deletions survived the round trip: nothing to delete again
    assert loaded.deleted_count == 10


@needs_hnswlib
def test_hnsw_load_failures_ask_for_a_rebuild(corpus, tmp_path):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, _ = corpus
    path = tmp_path / "v.hnsw"
    with pytest.raises(IndexLoadError, match="no index"):
        HnswIndex.load(path, 384)
    HnswIndex.build(labels[:200], matrix[:200]).save(path)
    with pytest.raises(IndexLoadError, match="dimension"):
        HnswIndex.load(path, 128)
    data = next(tmp_path.glob("v.hnsw.*.bin"))
    size = data.stat().st_size
    data.write_bytes(bytes(size))  # same size, zeroed: hnswlib's own checks refuse it
    with pytest.raises(IndexLoadError, match="damaged"):
        HnswIndex.load(path, 384)
    data.write_bytes(b"x" * (size - 100))  # truncated graph
    with pytest.raises(IndexLoadError):
        HnswIndex.load(path, 384)
    data.unlink()
    with pytest.raises(IndexLoadError):
        HnswIndex.load(path, 384)
    path.write_text("{not json")
    with pytest.raises(IndexLoadError):
        HnswIndex.load(path, 384)
    path.write_text('{"format": "other"}')
    with pytest.raises(IndexLoadError):
        HnswIndex.load(path, 384)


@needs_hnswlib
def test_hnsw_concurrent_queries_and_adds(corpus):
    from picasso_tui.retrieval.ann import HnswIndex

    matrix, labels, queries = corpus
    index = HnswIndex.build(labels[:1000], matrix[:1000])
    allowed = set(labels[:1000:4].tolist())
    errors: list[BaseException] = []

    def reader(seed: int) -> None:
        try:
            for i in range(60):
                q = queries[(seed * 60 + i) % len(queries)]
                hits = index.search(q, 8, allowed if i % 2 else None)
                assert len(hits) == 8
                if i % 2:
                    assert all(label in allowed for label, _ in hits)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    def writer() -> None:
        try:
            for start in range(1000, 1600, 50):
                index.add(labels[start : start + 50], matrix[start : start + 50])
                index.mark_deleted(labels[start - 1000 + 1 : start - 1000 + 3])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=reader, args=(s,)) for s in range(3)] + [threading.Thread(target=writer)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(index) == 1600 - index.deleted_count
