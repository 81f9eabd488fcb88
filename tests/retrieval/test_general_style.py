"""A style note without a language is the account's general style (``global/style``): recalled in
every workspace and language of the account, never in another account."""

from __future__ import annotations

from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.retrieval.scope import Scope
from tests.conftest import seed
from tests.retrieval.test_pipeline import FP, NOW, rec


def test_global_is_read_by_every_scope_of_the_account_only() -> None:
    for scope in (Scope("local"), Scope("local", FP, "python"), Scope("local", None, "go")):
        assert scope.allows("account:local/global/style")
        assert scope.allows("account:local/global/facts")
        assert not scope.allows("account:bob/global/style")


def test_a_general_style_note_is_recalled_for_a_python_workspace(paths) -> None:
    seed(paths, [rec("mem_s", "Prefer short sentences in commit messages and comments.", "style",
                     ns="account:local/global/style")])  # fmt: skip
    retriever = Retriever(
        paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(), clock=lambda: NOW
    )
    result = retriever.recall("write the commit message and the comments in short sentences")
    assert [e.id for e in result.entries] == ["mem_s"]
