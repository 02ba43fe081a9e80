"""Names a package exports, each imported from its module when first used (PEP 562): the
`index` facade and `index.store` use it so that opening a library or answering
`--version` loads nothing it does not need."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, homes: Mapping[str, Iterable[str]], namespace: dict[str, Any],
                 exported: Iterable[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module-level `__getattr__` and `__dir__` for `package`, whose names live in the
    modules `homes` names (relative module -> names); a name is looked up once and then
    kept in the package's `namespace`."""
    home_of = {name: module for module, names in homes.items() for name in names}
    listed = set(exported)

    def __getattr__(name: str) -> Any:
        module = home_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value  # looked up once
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | listed)

    return __getattr__, __dir__
