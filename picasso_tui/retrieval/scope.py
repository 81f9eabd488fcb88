"""Which namespaces a query may read (DESIGN §5): the current workspace's, the style of its language, the
account-wide ``global/`` and ``model_performance``, and an org's shared memory the project opted into.
Filtering happens before any ranking, so isolation never depends on a score: a record outside the scope is
never even a candidate. Among those in scope, the workspace's own (``own``) rank above account-wide ones
when both apply (``rank.score``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scope:
    account_id: str
    workspace: str | None = None
    """The current workspace's fingerprint; None outside a repository."""
    language: str | None = None
    org: str | None = None
    """An org whose shared memory this project opted into."""

    def namespaces(self) -> tuple[str, ...]:
        """Exact namespaces and folder prefixes (ending in '/') this scope reads, and nothing else."""
        account = f"account:{self.account_id}"
        # global/ holds account-wide memory: workspace classes noted outside a repository and the
        # general style (a style note with no language), read whatever the workspace or language.
        allowed = [f"{account}/model_performance", f"{account}/global/"]
        if self.language:
            allowed.append(f"{account}/style/{self.language.lower()}")
        if self.workspace:
            allowed.append(f"{account}/projects/workspace:{self.workspace}/")
        if self.org:
            allowed.append(f"{account}/projects/orgs/org:{self.org}/shared")
        return tuple(allowed)

    def allows(self, namespace: str) -> bool:
        for allowed in self.namespaces():
            if allowed.endswith("/"):
                if namespace.startswith(allowed):
                    return True
            elif namespace == allowed or namespace.startswith(allowed + "/"):
                return True
        return False

    def own(self, namespace: str) -> bool:
        """Whether ``namespace`` is the current workspace's own (not account-wide, not an org's)."""
        return self.workspace is not None and namespace.startswith(
            f"account:{self.account_id}/projects/workspace:{self.workspace}/"
        )
