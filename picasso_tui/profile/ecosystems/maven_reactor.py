"""A multi-module Maven build (a reactor): its modules, and which of them depend on another. A goal run on one
module (`-pl`) or on every module without the lifecycle that builds them (`javadoc:javadoc`) resolves a sibling
from the local repository, where a checkout has never installed it: the command fails unless it builds the
sibling too (`-am`) or forks the compile itself (`javadoc:aggregate`)."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

_SELF = re.compile(r"\$\{(project\.|pom\.)?(parent\.)?groupId\}")
"""`${project.groupId}` and its spellings: the module's own group, the reactor's."""


def _pom_path(module: str) -> str:
    return module if module.endswith(".xml") else f"{module.rstrip('/')}/pom.xml"


def _clean(pom: str) -> str:
    return re.sub(r"<!--.*?-->", "", pom, flags=re.DOTALL)


def modules_of(pom: str) -> list[str]:
    return re.findall(r"<(?:module|subproject)>\s*([^<]+?)\s*</(?:module|subproject)>", _clean(pom))


def _coordinates(pom: str) -> tuple[str, str] | None:
    """The pom's own groupId (else its parent's) and artifactId."""
    text = _clean(pom)
    parent = re.search(r"<parent>(.*?)</parent>", text, re.DOTALL)
    head = re.split(r"<(?:dependencies|dependencyManagement|build|profiles|modules|properties|reporting)>", text)[0]
    head = head.replace(parent.group(0), "") if parent else head
    artifact = re.search(r"<artifactId>\s*([^<\s]+)\s*</artifactId>", head)
    group = re.search(r"<groupId>\s*([^<\s]+)\s*</groupId>", head) or (
        parent and re.search(r"<groupId>\s*([^<\s]+)\s*</groupId>", parent.group(1))
    )
    return (group.group(1) if group else "", artifact.group(1)) if artifact else None


def reactor(tree: Tree, limit: int = 200) -> dict[str, tuple[str, str]]:
    """The reactor's modules, nested ones too (by folder), with the coordinates each publishes; the root's own
    pom is left out (a module's <parent>, resolved from the checkout without a build)."""
    found: dict[str, tuple[str, str]] = {}
    queue = [("", m) for m in modules_of(tree.read("pom.xml") or "")]
    while queue and len(found) < limit:
        base, module = queue.pop(0)
        folder = re.sub(r"/pom[\w.-]*\.xml$|\.xml$", "", f"{base}{module}".rstrip("/"))
        pom = tree.read(_pom_path(f"{base}{module}")) or ""
        if folder in found or not (coordinates := _coordinates(pom)):
            continue
        found[folder] = coordinates
        queue += [(f"{folder}/", m) for m in modules_of(pom)]
    return found


def depends_on_sibling(tree: Tree, module: str, modules: dict[str, tuple[str, str]] | None = None) -> bool:
    """The module's pom depends on another module of the reactor (the same groupId and a module's artifactId):
    its dependencies, not the versions <dependencyManagement> pins nor a profile's; or a parent of the reactor
    does (openhab-core's bundles/pom.xml gives every bundle the reactor's BOMs)."""
    modules = reactor(tree) if modules is None else modules
    folders = {coordinates: folder for folder, coordinates in modules.items()}
    for _ in range(4):  # the module, then its parents that are modules of the reactor
        own = modules.get(module) or _coordinates(tree.read(_pom_path(module)) or "")
        if not own:
            return False
        pom = _clean(tree.read(_pom_path(module)) or "")
        text = re.sub(r"<(dependencyManagement|profiles)>.*?</\1>", "", pom, flags=re.DOTALL)
        siblings = {coordinates for coordinates in modules.values() if coordinates != own}
        for block in re.findall(r"<dependency>(.*?)</dependency>", text, re.DOTALL):
            group = re.search(r"<groupId>\s*([^<\s]+)\s*</groupId>", block)
            artifact = re.search(r"<artifactId>\s*([^<\s]+)\s*</artifactId>", block)
            if group and artifact and (_SELF.sub(own[0], group.group(1)), artifact.group(1)) in siblings:
                return True
        parent = re.search(r"<parent>(.*?)</parent>", pom, re.DOTALL)
        group = parent and re.search(r"<groupId>\s*([^<\s]+)\s*</groupId>", parent.group(1))
        artifact = parent and re.search(r"<artifactId>\s*([^<\s]+)\s*</artifactId>", parent.group(1))
        found = folders.get((group.group(1), artifact.group(1))) if group and artifact else None
        if found is None or found == module:
            return False
        module = found
    return False


def builds_siblings_first(tree: Tree) -> bool:
    """Some module of the reactor depends on another: a goal that does not compile resolves an absent jar."""
    modules = reactor(tree)
    return len(modules) > 1 and any(depends_on_sibling(tree, folder, modules) for folder in modules)
