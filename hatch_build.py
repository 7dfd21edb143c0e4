"""Hatch build hook: compile the message catalogues (``bluffkit/locale/*/LC_MESSAGES/*.po``)
into the ``.mo`` files a wheel ships. The ``.mo`` files are never committed (``.gitignore``);
an editable install or a fresh clone reads the ``.po`` files directly (``bluffkit.core.i18n``
compiles them in memory), so only a built wheel needs this step."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class LocaleBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._tmp = Path(tempfile.mkdtemp(prefix="bluffkit-mo-"))
        locale = Path(self.root) / "bluffkit" / "locale"
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(self.root).with_suffix(".mo")
            mo = self._tmp / relative
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as src:
                catalog = read_po(src)
            with mo.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
            build_data["force_include"][str(mo)] = relative.as_posix()

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
