"""Code from object schemas: the plugin manifest's bindings and a plugin's typed glue.

Both are the named objects of an object schema (`zero_sdk.model.parse_object_schema`) rendered by
each language's object code: TypeScript interfaces and `checkX` validators and Go structs and
decoders come from the protocol emitters' own functions and templates (`objects_context`,
`_enums.ts.j2` / `_interfaces.ts.j2` / `_checks.ts.j2`, `_objects.go.j2`) with their runtimes
(templates/typescript/runtime/runtime.ts, templates/go/wire); Python gets stdlib dataclasses
(`python_objects`). What differs is the tail: the manifest's decode functions, or a plugin's
`Tools` and `serve`.
"""

from __future__ import annotations

import json
import keyword
import re
from collections.abc import Sequence
from importlib.resources import as_file
from pathlib import Path

from zero_sdk.emitters import GeneratedFile
from zero_sdk.emitters._templates import render, template_text
from zero_sdk.emitters.go import GO_MODULE, GoLayout, go_name, wire_files
from zero_sdk.emitters.go import objects_context as go_objects
from zero_sdk.emitters.typescript import objects_context as ts_objects
from zero_sdk.model import AnyJSONType, ArrayType, MapType, Schema, TypeExpr, load_object_schema
from zero_sdk.plugin.args import ToolArgs
from zero_sdk.plugin.python_objects import import_lines, literal, reader_name, render_objects, runtime_text
from zero_sdk.resources import schemas_dir

__all__ = [
    "MANIFEST_SCHEMA",
    "glue_files",
    "load_manifest_schema",
    "manifest_binding_files",
]

#: The manifest schema, relative to the repository root (and to the packaged `schema/`).
MANIFEST_SCHEMA = "schema/plugin/v1.json"
#: Where the manifest bindings go in this repository.
MANIFEST_BINDINGS = {
    "python": "clients/python/zero_client/plugin_manifest.py",
    "typescript": "clients/typescript/src/plugin/manifest.ts",
    "go": "clients/go/plugin/manifest.go",
}
#: What `zero-sdk plugin generate` writes into a plugin, per language (besides copied runtimes).
GLUE_FILES = {
    "python": "plugin_glue.py",
    "typescript": "src/generated/glue.ts",
    "go": "plugin_glue.go",
}


def load_manifest_schema(root: Path | None) -> Schema:
    """schema/plugin/v1.json of the checkout at `root` (None: the one this zero-sdk ships)."""
    if root is not None:
        return load_object_schema(root / MANIFEST_SCHEMA)
    with as_file(schemas_dir() / "plugin" / "v1.json") as path:
        return load_object_schema(path)


def _header(source: str, command: str, comment: str) -> list[str]:
    return [
        f"{comment} GENERATED FILE - DO NOT EDIT.",
        f"{comment} Generated from {source} by `{command}`.",
        f"{comment} Edit that and rerun the command instead of editing this file.",
    ]


# --- Python ---------------------------------------------------------------------------------------


def _python_module(schema: Schema, header: list[str], doc: str, imports: list[str], tail: list[str]) -> str:
    lines = [*header, f'"""{doc}"""', "", *imports, "", runtime_text().rstrip("\n")]
    lines += render_objects(schema)
    lines += tail
    return "\n".join(lines).rstrip("\n") + "\n"


def _python_manifest(schema: Schema) -> str:
    header = _header(MANIFEST_SCHEMA, "zero-sdk generate --lang python", "#")
    doc = (
        f"Typed `plugin.json` of a Zero plugin (manifest schemaVersion {schema.version}): dataclasses\n"
        "and readers generated from schema/plugin/v1.json, standard library only.\n\n"
        "`load_manifest(path)` / `read_manifest(json_value)` give a `PluginManifest` or raise\n"
        "`ArgumentError` naming the field; `to_json(manifest)` writes one back. Unknown keys are\n"
        "ignored, as Zero ignores them.\n"
    )
    tail = [
        "",
        "",
        f"SCHEMA_VERSION: Final = {schema.version}",
        '"""The manifest format version these types describe."""',
        "",
        "",
        "def read_manifest(value: object) -> PluginManifest:",
        '    """A decoded plugin.json as a `PluginManifest`; `ArgumentError` names the first fault."""',
        f"    return {reader_name(schema.root)}(value)",
        "",
        "",
        "def load_manifest(path: str | Path) -> PluginManifest:",
        '    """The plugin.json at `path` (a file, or a plugin folder holding one)."""',
        "    file = Path(path)",
        "    if file.is_dir():",
        '        file = file / "plugin.json"',
        '    text = file.read_text(encoding="utf-8")',
        "    try:",
        "        value = json.loads(text)",
        "    except json.JSONDecodeError as exc:",
        '        raise ArgumentError("invalid_json", "", f"{file}: {exc}") from None',
        "    return read_manifest(value)",
    ]
    return _python_module(schema, header, doc, import_lines(names={"pathlib": ("Path",)}), tail)


def _python_glue(schema: Schema, tools: Sequence[ToolArgs], source: str) -> str:
    header = _header(source, "zero-sdk plugin generate", "#")
    doc = (
        "The typed glue of this plugin's tools: an arguments dataclass per tool, generated from its\n"
        "`inputSchema` in plugin.json, and `serve`, which runs the tool named by the first\n"
        "command-line argument on the JSON arguments Zero writes to stdin. Arguments that do not\n"
        f"match the schema never reach the tool: the model gets the fault and exit code {2}.\n"
    )
    params = [f"    {_py_param(t.name)}: Callable[[{t.type_name}], str] | None = None," for t in tools]
    table = [f"        {literal(t.name)}: ({_py_param(t.name)}, {reader_name(t.type_name)})," for t in tools]
    tail = [
        "",
        "",
        "EXIT_INVALID_ARGUMENTS: Final = 2",
        '"""The exit status of a call whose arguments do not match the tool\'s `inputSchema`."""',
        "EXIT_TOOL_FAILED: Final = 1",
        '"""The exit status of a tool that raised, or of an unknown tool name."""',
        f"TOOL_NAMES: Final = {literal(tuple(t.name for t in tools))}",
        '"""The tool names of plugin.json, in its order."""',
        "",
        "",
        "def _invalid(tool: str | None) -> str:",
        '    return f"invalid arguments for tool {tool}: "',
        "",
        "",
        "def call(",
        "    tool: str | None,",
        "    text: str,",
        *(["    *,", *params] if params else []),
        ") -> tuple[int, str, str]:",
        '    """Run `tool` on `text` (the JSON arguments): (exit status, stdout, stderr)."""',
        "    try:",
        "        value = json.loads(text) if text.strip() else {}",
        "    except json.JSONDecodeError as exc:",
        '        return EXIT_INVALID_ARGUMENTS, "", f"{_invalid(tool)}invalid_json: {exc}\\n"',
        "    tools: dict[str, tuple[Callable[[Any], str] | None, Callable[[object, str], Any]]] = {",
        *table,
        "    }",
        "    if tool not in tools:",
        '        unknown = json.dumps(tool or "")',
        f'        return EXIT_TOOL_FAILED, "", f"unknown tool {{unknown}} ({_available(tools)})\\n"',
        "    function, read = tools[tool]",
        "    try:",
        '        args = read(value, "")',
        "    except ArgumentError as exc:",
        '        return EXIT_INVALID_ARGUMENTS, "", f"{_invalid(tool)}{exc}\\n"',
        "    if function is None:",
        '        return EXIT_TOOL_FAILED, "", f"tool {tool} failed: not implemented (no function given)\\n"',
        "    try:",
        "        result = function(args)",
        "    except Exception as exc:  # noqa: BLE001  # the tool's own failure: one line for the model",
        '        return EXIT_TOOL_FAILED, "", f"tool {tool} failed: {type(exc).__name__}: {exc}\\n"',
        "    if not isinstance(result, str):  # typed `str`; anything else is shown as JSON",
        '        result = json.dumps(result, default=str)',
        '    return 0, result, ""',
        "",
        "",
        "def serve(",
        *(["    *,", *params] if params else []),
        ") -> NoReturn:",
        '    """The plugin\'s entry point: run the tool named by the first argument on stdin, then exit."""',
        "    code, out, err = call(",
        "        sys.argv[1] if len(sys.argv) > 1 else None,",
        "        sys.stdin.read(),",
        *[f"        {_py_param(t.name)}={_py_param(t.name)}," for t in tools],
        "    )",
        "    sys.stdout.write(out)",
        "    sys.stderr.write(err)",
        "    sys.exit(code)",
    ]
    return _python_module(schema, header, doc, import_lines(("sys",), {"typing": ("NoReturn",)}), tail)


def _available(tools: Sequence[ToolArgs]) -> str:
    """What an unknown tool's message says the plugin has (the same text in every language)."""
    if not tools:
        return "this plugin has no tools"
    return "this plugin has: " + ", ".join(t.name for t in tools)


def _py_param(tool_name: str) -> str:
    """The keyword `serve` takes a tool's function under: `fetch-page` -> `fetch_page`."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", tool_name)
    if not name.isidentifier():
        return f"tool_{name}"
    return f"{name}_" if keyword.iskeyword(name) else name


# --- TypeScript -----------------------------------------------------------------------------------


def _ts_doc(text: str, indent: str = "") -> list[str]:
    from zero_sdk.emitters.typescript import _doc

    return _doc(text, indent)


def _ts_module(
    schema: Schema, header: list[str], doc: str, runtime: str, tail: str, extra: dict[str, object]
) -> str:
    _, context = ts_objects(schema)
    return render(
        "typescript",
        "plugin/objects.ts.j2",
        {
            **context,
            **extra,
            "header": header,
            "module_doc": _ts_doc(doc),
            "runtime": runtime,
            "uses_json": any(_holds_any_json(f.type) for o in schema.objects for f in o.fields),
            "validated": extra.get("validated", [schema.root]),
            "version": schema.version,
            "tail": tail,
        },
    )


def _holds_any_json(expr: TypeExpr) -> bool:
    """Whether a field's type names `JsonValue` (so the module must import it)."""
    if isinstance(expr, AnyJSONType):
        return True
    if isinstance(expr, ArrayType):
        return _holds_any_json(expr.items)
    if isinstance(expr, MapType):
        return _holds_any_json(expr.values)
    return False


def _ts_runtime_copy(path: str) -> GeneratedFile:
    header = [
        "// GENERATED FILE - DO NOT EDIT.",
        "// Copied from templates/typescript/runtime/runtime.ts by `zero-sdk plugin generate`.",
        "// Edit that file and rerun the command instead of editing this one.",
        "",
    ]
    return GeneratedFile(path, "\n".join(header) + template_text("typescript", "runtime/runtime.ts"))


def _ts_glue(schema: Schema, tools: Sequence[ToolArgs], source: str) -> str:
    header = _header(source, "zero-sdk plugin generate", "//")
    doc = (
        "The typed glue of this plugin's tools: an arguments interface and validator per tool,\n"
        "generated from its `inputSchema` in plugin.json, and `serve`, which runs the tool named by\n"
        "the first command-line argument on the JSON arguments Zero writes to stdin. Arguments that\n"
        "do not match the schema never reach the tool: the model gets the fault and exit code 2."
    )
    ident = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
    entries = [
        {
            "name": json.dumps(t.name),
            "key": t.name if ident.match(t.name) else json.dumps(t.name),
            "call": f".{t.name}" if ident.match(t.name) else f"[{json.dumps(t.name)}]",
            "type": t.type_name,
            "doc": _ts_doc(t.description or f"The `{t.name}` tool.", "  "),
        }
        for t in tools
    ]
    names = ", ".join(json.dumps(t.name) for t in tools)
    return _ts_module(
        schema,
        header,
        doc,
        "./runtime.js",
        "plugin/glue_tail.ts.j2",
        {
            "tools": entries,
            "tool_names": names,
            "validated": [t.type_name for t in tools],
            "available": json.dumps(_available(tools)),
        },
    )


def _ts_manifest(schema: Schema) -> str:
    header = _header(MANIFEST_SCHEMA, "zero-sdk generate --lang typescript", "//")
    doc = (
        f"Typed `plugin.json` of a Zero plugin (manifest schemaVersion {schema.version}), generated from\n"
        "schema/plugin/v1.json: an interface per object and `validatePluginManifest` /\n"
        "`parsePluginManifest`, which throw `ProtocolError` naming the field."
    )
    return _ts_module(schema, header, doc, "../runtime.js", "plugin/manifest_tail.ts.j2", {})


# --- Go -------------------------------------------------------------------------------------------


def _go_module(
    schema: Schema,
    header: list[str],
    doc: list[str],
    package: str,
    wire: str,
    imports: list[str],
    tail: str,
    extra: dict[str, object],
) -> str:
    return render(
        "go",
        "plugin/objects.go.j2",
        {
            **go_objects(schema),
            **extra,
            "header": header,
            "package_doc": doc,
            "package": package,
            "imports": sorted({"encoding/json", *imports}),
            "wire": wire,
            "version": schema.version,
            "tail": tail,
        },
    )


def _go_manifest(schema: Schema) -> str:
    header = _header(MANIFEST_SCHEMA, "zero-sdk generate --lang go", "//")
    doc = [
        "// Package plugin holds the typed plugin.json of a Zero plugin (manifest schemaVersion",
        f"// {schema.version}), generated from schema/plugin/v1.json: a struct per object, DecodeManifest,",
        "// and MarshalJSON / UnmarshalJSON with the same checks. Errors are *wire.ProtocolError naming",
        "// the field.",
    ]
    return _go_module(
        schema, header, doc, "plugin", f"{GO_MODULE}/protocol/wire", [], "plugin/manifest_tail.go.j2", {}
    )


def _go_glue(schema: Schema, tools: Sequence[ToolArgs], source: str, module: str) -> str:
    from zero_sdk.emitters.go import _comment

    header = _header(source, "zero-sdk plugin generate", "//")
    entries = [
        {
            "name": json.dumps(t.name),
            "field": go_name(t.type_name.removesuffix("Args")),
            "type": t.type_name,
            "doc": _comment(
                f"{go_name(t.type_name.removesuffix('Args'))} implements the `{t.name}` tool: "
                f"{t.description or 'see plugin.json'}",
                "\t",
            ),
        }
        for t in tools
    ]
    doc = [
        "// The typed glue of this plugin's tools: an arguments struct and decoder per tool, generated",
        "// from its inputSchema in plugin.json, and Serve, which runs the tool named by the first",
        "// command-line argument on the JSON arguments Zero writes to stdin. Arguments that do not match",
        "// the schema never reach the tool: the model gets the fault and exit code 2.",
    ]
    return _go_module(
        schema,
        header,
        doc,
        "main",
        f"{module}/internal/wire",
        ["bytes", "fmt", "io", "os"],
        "plugin/glue_tail.go.j2",
        {"tools": entries, "available": json.dumps(_available(tools))},
    )


# --- Entry points ---------------------------------------------------------------------------------


def manifest_binding_files(root: Path | None, langs: Sequence[str]) -> list[GeneratedFile]:
    """The manifest's bindings in this repository's layout, for the languages among `langs`."""
    schema = load_manifest_schema(root)
    makers = {"python": _python_manifest, "typescript": _ts_manifest, "go": _go_manifest}
    return [GeneratedFile(MANIFEST_BINDINGS[lang], makers[lang](schema)) for lang in langs if lang in makers]


def glue_files(
    lang: str, schema: Schema, tools: Sequence[ToolArgs], go_module: str = ""
) -> list[GeneratedFile]:
    """Every file `zero-sdk plugin generate` writes into a plugin of `lang` (paths relative to it)."""
    source = "plugin.json"
    if lang == "python":
        return [GeneratedFile(GLUE_FILES["python"], _python_glue(schema, tools, source))]
    if lang == "typescript":
        return [
            GeneratedFile(GLUE_FILES["typescript"], _ts_glue(schema, tools, source)),
            _ts_runtime_copy("src/generated/runtime.ts"),
        ]
    if lang == "go":
        layout = GoLayout(base="internal", import_path=f"{go_module}/internal")
        return [
            GeneratedFile(GLUE_FILES["go"], _go_glue(schema, tools, source, go_module)),
            *wire_files(layout),
        ]
    raise ValueError(f"unknown plugin language {lang!r}")
