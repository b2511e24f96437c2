"""Zero's skills: `SKILL.md` folders the `skill` tool loads by name (Zero 0.8.0, schemaVersion 2).

Roots, earliest first (an earlier root wins a name): the primary directory (`$ZERO_SKILLS_DIR`,
else `$XDG_DATA_HOME/zero/skills`, else `~/.local/share/zero/skills`), `~/.agents/skills` when
it is a directory, then the skill roots of the run's plugins (plugins.py). In a root every
subdirectory (not a symbolic link to one) holding a regular `SKILL.md` that resolves inside the
root is a skill. An optional `---` frontmatter gives `name:` (default: the folder's name) and
`description:`; the rest, trimmed, is what the tool returns. Within a root the folder that
sorts first wins a name.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .gojson import go_quote
from .gotext import to_lower, trim_space

SKILL_FILE = "SKILL.md"
# The system prompt lists the skills in at most this many bytes (the rest is counted), as Zero.
_PROMPT_LIST_BUDGET = 4096
_PROMPT_DESCRIPTION_LIMIT = 300


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    content: str
    path: str  # the SKILL.md file


class SkillRootError(Exception):
    """The primary root exists but cannot be listed: Zero then reports no skills at all."""


def primary_dir(env: Mapping[str, str]) -> str:
    """$ZERO_SKILLS_DIR, else $XDG_DATA_HOME/zero/skills, else ~/.local/share/zero/skills ("" when
    there is no home to anchor it)."""
    override = trim_space(env.get("ZERO_SKILLS_DIR", ""))
    if override:
        return override
    base = trim_space(env.get("XDG_DATA_HOME", ""))
    if not base:
        home = trim_space(env.get("HOME", ""))
        if not home:
            return ""
        base = os.path.join(home, ".local", "share")
    return os.path.join(base, "zero", "skills")


def agents_dir(env: Mapping[str, str]) -> str:
    """~/.agents/skills when it is a directory (HOME, else USERPROFILE); "" otherwise."""
    home = next((value for value in (env.get("HOME", ""), env.get("USERPROFILE", "")) if value.strip()), "")
    home = home.strip()
    if not home:
        return ""
    folder = os.path.join(home, ".agents", "skills")
    return folder if os.path.isdir(folder) else ""


def skill_roots(env: Mapping[str, str], plugin_roots: Sequence[str] = ()) -> list[str]:
    roots = [primary_dir(env).strip(), agents_dir(env)]
    roots.extend(root.strip() for root in plugin_roots)
    return [root for root in roots if root]


def load_skills(roots: Sequence[str]) -> list[Skill]:
    """Every skill of `roots`, one per name (an earlier root wins), sorted by name. A missing root
    is empty; an unreadable primary root (the first) makes the whole list empty, as in Zero; a
    later root that cannot be read is skipped."""
    merged: dict[str, Skill] = {}
    primary = True
    for root in roots:
        if not root.strip():
            continue
        try:
            found = _load_root(root.strip())
        except SkillRootError:
            if primary:
                return []
            continue
        primary = False
        for skill in found:
            merged.setdefault(skill.name, skill)
    return sorted(merged.values(), key=lambda skill: skill.name.encode("utf-8", "surrogatepass"))


def _load_root(root: str) -> list[Skill]:
    try:
        entries = sorted(os.scandir(root), key=lambda entry: os.fsencode(entry.name))
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        raise SkillRootError(root) from None
    except OSError:
        raise SkillRootError(root) from None
    try:
        root_real = os.path.realpath(root, strict=True)
    except OSError:
        root_real = os.path.abspath(root)
    skills: dict[str, Skill] = {}
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False):
            continue
        manifest = os.path.join(root, entry.name, SKILL_FILE)
        real = _confined(root_real, manifest)
        if real is None:
            continue
        try:
            with open(real, "rb") as handle:
                raw = handle.read().decode("utf-8", "replace")
        except OSError:
            continue
        skill = parse_skill(entry.name, os.path.abspath(manifest), raw)
        skills.setdefault(skill.name, skill)  # the folder that sorts first keeps the name
    return list(skills.values())


def _confined(root_real: str, manifest: str) -> str | None:
    """The real path of a regular SKILL.md inside the root, else None (Zero's confineSkillPath:
    a symbolic link out of the root must not turn the skill tool into a file reader)."""
    try:
        real = os.path.realpath(manifest, strict=True)
        mode = os.lstat(real).st_mode
    except OSError:
        return None
    relative = os.path.relpath(real, root_real)
    if relative == ".." or relative.startswith(".." + os.sep) or os.path.isabs(relative):
        return None
    return real if stat.S_ISREG(mode) else None


def parse_skill(folder: str, path: str, raw: str) -> Skill:
    """Zero's parseSkill: an optional `---` frontmatter with `name:`/`description:` lines (keys
    case-insensitive, the first wins, values stripped of quotes), then the body."""
    body, name, description = raw, folder, ""
    normalized = raw.replace("\r\n", "\n")
    split = _split_frontmatter(normalized)
    if split is not None:
        frontmatter, body = split
        name = _frontmatter_value(frontmatter, "name") or folder
        description = _frontmatter_value(frontmatter, "description")
    return Skill(name=name, description=description, content=trim_space(body), path=path)


def _split_frontmatter(text: str) -> tuple[str, str] | None:
    if not text.startswith("---\n") and text != "---":
        return None
    lines = text.split("\n")
    if trim_space(lines[0]) != "---":
        return None
    for index in range(1, len(lines)):
        if trim_space(lines[index]) == "---":
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1 :])
    return None


def _frontmatter_value(frontmatter: str, key: str) -> str:
    prefix = key.lower() + ":"
    for line in frontmatter.split("\n"):
        trimmed = trim_space(line)
        if to_lower(trimmed).startswith(prefix):
            return trim_space(trimmed[len(prefix) :]).strip("\"'")
    return ""


def skill_result(skills: Sequence[Skill], requested: str) -> tuple[str, bool]:
    """What the skill tool answers for a requested (non-empty) name: (text, ok)."""
    if not skills:
        return "Error: no skills are available.", False
    for skill in skills:
        if skill.name == requested:
            return skill.content, True
    names = ", ".join(skill.name for skill in skills)
    return f"Error: unknown skill {go_quote(requested)}. Available skills: {names}.", False


def prompt_section(skills: Sequence[Skill]) -> str:
    """What the system prompt tells the model about the installed skills (our own words; Zero
    gives the same information: every name with its one-line description, within a budget)."""
    listed = [skill for skill in skills if trim_space(skill.name)]
    if not listed:
        return ""
    lines = [
        "<available_skills>",
        "Skills are instruction sets installed for this workspace. When the task matches one by "
        "name or description, load it with the skill tool (its exact name) before you act, and "
        "follow what it says.",
    ]
    spent = 0
    shown = 0
    for skill in listed:
        line = "- " + trim_space(skill.name)
        description = " ".join(trim_space(skill.description).split())
        if description:
            if len(description) > _PROMPT_DESCRIPTION_LIMIT:
                description = description[: _PROMPT_DESCRIPTION_LIMIT - 1] + "…"
            line += ": " + description
        if shown and spent + len(line) > _PROMPT_LIST_BUDGET:
            break
        lines.append(line)
        spent += len(line)
        shown += 1
    if shown < len(listed):
        lines.append(f"- and {len(listed) - shown} more (the skill tool lists them all for an unknown name)")
    lines.append("</available_skills>")
    return "\n".join(lines)


__all__ = [
    "Skill",
    "agents_dir",
    "load_skills",
    "parse_skill",
    "primary_dir",
    "prompt_section",
    "skill_result",
    "skill_roots",
]
