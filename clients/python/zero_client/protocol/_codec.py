"""Decoding and encoding of protocol lines (hand-written runtime over the generated modules).

Fast path, per output line: one msgspec decode in the version that decoded the previous line (a
stream keeps one version). The decoder is picked by the line's last few bytes: Zero writes members
sorted, so a line usually ends in `"type":"T"}`, which names the event class, and that class's own
decoder reads the line once (the tag is still checked); a line ending otherwise goes to the
version's tagged union. Then the checks msgspec cannot make (the runId format, that
`schemaVersion` was on the wire). A line the previous version's decoder rejects is tried in the
other versions, newest first; anything that still fails takes the slow path, which parses the
line untyped, finds its version and type, and then either classifies the error, keeps unknown
fields (lenient), or builds an `UnknownEvent`.

`decode_output_lines` runs the fast path over many lines as one C loop (`map` of the decoders),
checks the batch at once, and takes the per-line path only for the lines that need it. The msgspec
decoders of a version are built on its first use, so importing the bindings stays cheap.
"""

from __future__ import annotations

import functools
import operator
import re
import warnings
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from types import ModuleType
from typing import Any, ClassVar, Literal, TypeAlias

import msgspec

from zero_client import versions
from zero_client._base import ProtocolStruct, is_const_default

__all__ = [
    "SUPPORTED_SCHEMA_VERSIONS",
    "AnyInputEvent",
    "AnyOutputEvent",
    "DecodeMode",
    "InvalidEventError",
    "InvalidJSONError",
    "ProtocolError",
    "ProtocolWarning",
    "UnknownEvent",
    "UnsupportedSchemaVersionError",
    "decode_input",
    "decode_output",
    "decode_output_lines",
    "encode_event",
    "extra_fields",
]

DecodeMode: TypeAlias = Literal["lenient", "warn", "strict"]
AnyOutputEvent: TypeAlias = versions.AnyOutputEvent
AnyInputEvent: TypeAlias = versions.AnyInputEvent

_MODULES: Mapping[int, ModuleType] = versions.MODULES
SUPPORTED_SCHEMA_VERSIONS: tuple[int, ...] = versions.SUPPORTED_SCHEMA_VERSIONS
_EXTRA_KEY = "__zero_extra_fields__"
_HAS_EXTRAS_KEY = "__zero_has_extra_fields__"
_LINE_PREVIEW = 200


class ProtocolError(ValueError):
    """A line that is not a valid protocol event.

    `kind` is one of invalid_json, unknown_field, missing_field, wrong_type, bad_enum, bad_const,
    unknown_type, constraint; `field` the dotted wire path (`risk.level`, `images[0].data`, "" for
    the whole line); `line` the raw line.
    """

    def __init__(self, kind: str, field: str, detail: str, line: str) -> None:
        self.kind = kind
        self.field = field
        self.detail = detail
        self.line = line
        preview = line if len(line) <= _LINE_PREVIEW else line[:_LINE_PREVIEW] + "..."
        where = f" at `{field}`" if field else ""
        super().__init__(f"{kind}{where}: {detail} (line: {preview!r})")


class InvalidJSONError(ProtocolError):
    """The line is not one JSON object."""


class InvalidEventError(ProtocolError):
    """The line is a JSON object but not a valid event of its schema version."""


class UnsupportedSchemaVersionError(InvalidEventError):
    """The line's `schemaVersion` is not one this library supports (or not the one asked for)."""


class ProtocolWarning(UserWarning):
    """Emitted in "warn" mode for unknown event types and unknown fields."""


class UnknownEvent(msgspec.Struct, kw_only=True):
    """An output event this library cannot type; `raw` is the whole object.

    Either its type is unknown (newer than this library) or, for a salvaged invalid line, it
    failed validation. `type` is always "unknown", so `event.type == "text"` never matches an
    `UnknownEvent` and narrows a union of events to `TextEvent`; the wire type is `wire_type`.
    """

    type: ClassVar[Literal["unknown"]] = "unknown"
    wire_type: str
    schema_version: int | None
    run_id: str | None
    raw: dict[str, Any]


class _VersionCodec:
    def __init__(self, module: ModuleType) -> None:
        self.version: int = module.SCHEMA_VERSION
        self.module = module
        self.output_types: Mapping[str, type[ProtocolStruct]] = module.OUTPUT_EVENT_TYPES
        self.input_types: Mapping[str, type[ProtocolStruct]] = module.INPUT_EVENT_TYPES
        self.consts: Mapping[type[ProtocolStruct], tuple[Any, ...]] = module.CONST_FIELDS
        self.any_of: Mapping[type[ProtocolStruct], tuple[Any, ...]] = module.ANY_OF_RULES
        self.run_id_pattern: re.Pattern[str] = re.compile(module.RUN_ID_PATTERN)
        # A stream keeps one runId, so the last one that matched is remembered (a string compare
        # instead of a regex per line).
        self.last_valid_run_id: str | None = None
        # Codecs to try for an unpinned output line when this one decoded the previous line.
        self.output_try_order: tuple[_VersionCodec, ...] = (self,)
        self.output_has_other_consts = any(
            const.wire_name != "schemaVersion"
            for cls in self.output_types.values()
            for const in self.consts.get(cls, ())
        )

    # The msgspec decoders cost a few ms per version to build: built on first use (the
    # attributes below then exist, and __getattr__ is never called again).
    output_decoder: msgspec.json.Decoder[Any]
    input_decoder: msgspec.json.Decoder[Any]
    decode_one: Any  # output_decoder.decode: the tagged union
    # The decode of one event class by the last `TYPE_ENDING_LENGTH` characters of a line (see
    # `_type_endings`); `.get(ending, decode_one)` is the decoder to try first.
    decoder_by_ending: dict[bytes | str, Any]

    def __getattr__(self, name: str) -> Any:
        if name not in ("output_decoder", "input_decoder", "decode_one", "decoder_by_ending"):
            raise AttributeError(name)
        self.output_decoder = msgspec.json.Decoder(self.module.OutputEvent)
        self.input_decoder = msgspec.json.Decoder(self.module.InputEvent)
        self.decode_one = self.output_decoder.decode
        self.decoder_by_ending = {}
        for type_name, ending in _type_endings(self.output_types).items():
            decode = msgspec.json.Decoder(self.output_types[type_name]).decode
            self.decoder_by_ending[ending] = self.decoder_by_ending[ending.decode()] = decode
        return getattr(self, name)

    def decoder_for(self, line: bytes | bytearray | str) -> Any:
        """The decoder to try first for `line`: its class's, by its ending, else the union. (The
        fast paths inline this; here a bytearray line, which spanned reads, is looked up too.)"""
        ending = line[-TYPE_ENDING_LENGTH:]
        key = bytes(ending) if isinstance(ending, bytearray) else ending
        return self.decoder_by_ending.get(key, self.decode_one)


# Zero writes the members of an event sorted by name, and `type` sorts after every envelope
# member, so most lines end in `"type":"T"}`. msgspec finds the tag of a union by scanning the
# object, then decodes it from the start: a tag at the end costs a second pass over the line
# (about a fifth of the decode). The last few characters name the class instead, and its own
# decoder reads the line once. The tag is still checked: a line that only looks like one type
# fails that decoder and goes on to the union. Lines that end otherwise go to the union first.
TYPE_ENDING_LENGTH = 7


def _type_endings(output_types: Mapping[str, type[ProtocolStruct]]) -> dict[str, bytes]:
    """The last `TYPE_ENDING_LENGTH` bytes of a compact line of each type whose ending no other
    type shares (types whose names end alike are left to the union)."""
    endings = {name: (b'"type":"%s"}' % name.encode())[-TYPE_ENDING_LENGTH:] for name in output_types}
    counts = Counter(endings.values())
    return {name: ending for name, ending in endings.items() if counts[ending] == 1}


_CODECS = {version: _VersionCodec(module) for version, module in _MODULES.items()}
_NEWEST_CODECS_FIRST = tuple(_CODECS[v] for v in sorted(_CODECS, reverse=True))
# The codec that decoded the last output line; a stream keeps one version, so it goes first.
_last_output_codec = _NEWEST_CODECS_FIRST[0]
for _codec in _NEWEST_CODECS_FIRST:
    _codec.output_try_order = (_codec, *(c for c in _NEWEST_CODECS_FIRST if c is not _codec))
_ENCODER = msgspec.json.Encoder(order="sorted")
_RAW_DECODER = msgspec.json.Decoder()


def _text(line: bytes | str) -> str:
    return line if isinstance(line, str) else line.decode("utf-8", errors="replace")


# --- Output ------------------------------------------------------------------------------------


def decode_output(
    line: bytes | str, *, mode: DecodeMode = "lenient", version: int | None = None
) -> AnyOutputEvent | UnknownEvent:
    """Decode one stdout line into the event class of the line's own schemaVersion.

    mode "lenient": unknown types become `UnknownEvent`, unknown fields are kept (see
    `extra_fields`); "warn": the same plus a `ProtocolWarning`; "strict": both raise.
    `version`, if given, pins the schema version the line must have.
    Raises `ProtocolError` (with `.kind` and `.field`) for a line that is not a valid event.
    """
    if version is None:
        try:
            # The class named by the line's ending, in the version of the previous line.
            event = _fast_decoder_by_ending(line[-TYPE_ENDING_LENGTH:], _fast_decode)(line)
        except msgspec.ValidationError:
            # Maybe another version's line; the slow path explains a real failure. (This
            # version's decoder for the line just failed: trying it again would fail the same.)
            return _decode_output_with(_last_output_codec.output_try_order[1:], line, mode, None)
        except TypeError:  # a bytearray line (it spanned reads): its ending is not hashable
            return _decode_output_with(_last_output_codec.output_try_order, line, mode, None)
        except _NOT_JSON:
            return _decode_output_slow(line, mode, None)  # not JSON at all: the slow path says so
        # The fast-path checks msgspec cannot do: the runId format (a stream keeps one runId:
        # compared with the last valid one) and that schemaVersion was on the wire (an absent
        # one decodes to its const-default marker, which is not a plain int).
        if event.run_id == _fast_run_id and type(event.schema_version) is int:
            return event  # type: ignore[no-any-return]
        return _checked(_last_output_codec, event, line, mode, None)
    pinned = _CODECS.get(version)
    return _decode_output_with((pinned,) if pinned is not None else (), line, mode, version)


def _bootstrap_decode(line: bytes | str) -> Any:
    """`_fast_decode` until the first decode, which builds the decoders (kept lazy for imports)."""
    _set_last_output_codec(_last_output_codec)
    return _fast_decode(line)


#: `_fast_run_id` when the last codec has const fields beyond schemaVersion to check.
_NEVER = object()
_fast_decode: Any = _bootstrap_decode
_fast_decoder_by_ending: Any = {}.get
_fast_run_id: Any = _NEVER


def _set_last_output_codec(codec: _VersionCodec) -> None:
    """Makes `codec` the one tried first for the next unpinned line."""
    global _last_output_codec, _fast_decode, _fast_decoder_by_ending, _fast_run_id
    _last_output_codec = codec
    _fast_decode = codec.decode_one
    _fast_decoder_by_ending = codec.decoder_by_ending.get
    _fast_run_id = _NEVER if codec.output_has_other_consts else codec.last_valid_run_id


def _checked(
    codec: _VersionCodec, event: Any, line: bytes | str, mode: DecodeMode, version: int | None
) -> AnyOutputEvent | UnknownEvent:
    """The full fast-path checks of an event `codec` decoded; the slow path when they fail."""
    if (
        type(event.schema_version) is int
        and not (codec.output_has_other_consts and _missing_consts(codec, event))
        and (event.run_id == codec.last_valid_run_id or _run_id_ok(codec, event.run_id))
    ):
        if version is None:
            _set_last_output_codec(codec)
        return event  # type: ignore[no-any-return]
    return _decode_output_slow(line, mode, version)


def _decode_output_with(
    candidates: tuple[_VersionCodec, ...], line: bytes | str, mode: DecodeMode, version: int | None
) -> AnyOutputEvent | UnknownEvent:
    for codec in candidates:
        try:
            event = codec.decoder_for(line)(line)
        except msgspec.ValidationError:
            continue  # maybe another version's line; the slow path explains a real failure
        except _NOT_JSON:
            break  # not JSON at all: the slow path says so
        return _checked(codec, event, line, mode, version)
    return _decode_output_slow(line, mode, version)


def decode_output_lines(
    lines: Sequence[bytes], *, mode: DecodeMode = "lenient", version: int | None = None
) -> tuple[list[AnyOutputEvent | UnknownEvent], list[tuple[int, ProtocolError]]]:
    """Decode many stdout lines (without their line endings) at once.

    Returns `(events, errors)`: the events of the lines that decoded, in line order (blank
    lines give none), and `(index into lines, ProtocolError)` for each line that failed.
    Every line gets exactly what `decode_output(line, mode=mode, version=version)` gives it
    (so `UnknownEvent`s, kept extra fields and strictness are the same); only the speed
    differs: the fast path runs as one C loop over the lines (`map` of the msgspec decoder)
    followed by one check pass, and only the lines that fail it take the per-line path.
    """
    events, errors, _ = decode_output_lines_noting_versions(lines, mode=mode, version=version)
    return events, errors


#: The classes of events that are of the latest version already (or of none).
_LATEST_OR_UNKNOWN = frozenset(_MODULES[max(_MODULES)].OUTPUT_EVENT_TYPES.values()) | {UnknownEvent}


def decode_output_lines_noting_versions(
    lines: Sequence[bytes], *, mode: DecodeMode = "lenient", version: int | None = None
) -> tuple[list[AnyOutputEvent | UnknownEvent], list[tuple[int, ProtocolError]], bool]:
    """`decode_output_lines`, and whether every event is of the latest version (or an
    `UnknownEvent`): known from the codec each batch was decoded with, so the caller need not
    look at every event to tell that nothing needs upgrading."""
    events: list[AnyOutputEvent | UnknownEvent] = []
    errors: list[tuple[int, ProtocolError]] = []
    latest_only = True
    latest = _CODECS[max(_CODECS)]
    count = len(lines)
    position = 0
    while position < count:
        if count - position >= 2:
            codec = _last_output_codec if version is None else _CODECS.get(version)
            done = _decode_batch(events, lines, position, version)
            latest_only = latest_only and (not done or codec is latest)
            position += done
            if position >= count:
                break
        line = lines[position]  # this line needs the per-line path
        if line and not (line[:1].isspace() and not line.strip()):
            try:
                event = decode_output(line, mode=mode, version=version)
            except ProtocolError as exc:
                errors.append((position, exc))
            else:
                events.append(event)
                latest_only = latest_only and type(event) in _LATEST_OR_UNKNOWN
        position += 1
    return events, errors, latest_only


_run_id_of = operator.attrgetter("run_id")
_type_ending = operator.itemgetter(slice(-TYPE_ENDING_LENGTH, None))
_schema_version_of = operator.attrgetter("schema_version")


def _decode_batch(out: list[Any], lines: Sequence[bytes], start: int, version: int | None) -> int:
    """Appends the fast-path events of `lines[start:]` to `out` until a line needs the slow path;
    returns how many lines that covered (0 when the first one does)."""
    codec = _last_output_codec if version is None else _CODECS.get(version)
    if codec is None:
        return 0
    first = len(out)
    batch_lines = lines[start:] if start else lines
    try:
        # list.extend keeps what it appended before an exception, so `len(out)` then tells
        # which line failed; nothing is decoded twice. Each line goes to the decoder its ending
        # names (see `TYPE_ENDING_LENGTH`); a bytearray line's ending is unhashable (TypeError).
        by_ending: Callable[[Any, Any], Callable[[bytes], Any]] = codec.decoder_by_ending.get
        decoders = map(by_ending, map(_type_ending, batch_lines), repeat(codec.decode_one))
        out.extend(map(operator.call, decoders, batch_lines))
    except (msgspec.ValidationError, TypeError, *_NOT_JSON):
        pass
    done = len(out) - first
    if not done:
        return 0
    batch = out[first:] if first else out
    run_ids = set(map(_run_id_of, batch))
    if (
        len(run_ids) == 1
        and (codec.last_valid_run_id in run_ids or _run_id_ok(codec, batch[0].run_id))
        and set(map(type, map(_schema_version_of, batch))) == {int}
        and not codec.output_has_other_consts
    ):
        if version is None:
            _set_last_output_codec(codec)
        return done
    # Something in the batch needs a closer look: keep the prefix that passes line by line.
    for index, event in enumerate(batch):
        if not (
            type(event.schema_version) is int
            and (event.run_id == codec.last_valid_run_id or _run_id_ok(codec, event.run_id))
            and not (codec.output_has_other_consts and _missing_consts(codec, event))
        ):
            del out[first + index :]
            return index
    return done


def _decode_output_slow(
    line: bytes | str, mode: DecodeMode, pinned: int | None
) -> AnyOutputEvent | UnknownEvent:
    raw = _parse_object(line)
    codec = _codec_for(raw, line, pinned)
    type_value = raw.get("type")
    if "type" not in raw:
        raise InvalidEventError("missing_field", "type", "the event has no `type`", _text(line))
    if not isinstance(type_value, str):
        raise InvalidEventError("wrong_type", "type", "`type` must be a string", _text(line))
    cls = codec.output_types.get(type_value)
    if cls is None:
        # An unknown type must still carry the envelope every output event has (conformance/README.md).
        _check_run_id_envelope(codec, raw, line)
        if mode == "strict":
            raise InvalidEventError(
                "unknown_type", "type", f"unknown output event type {type_value!r}", _text(line)
            )
        if mode == "warn":
            warnings.warn(
                ProtocolWarning(f"unknown output event type {type_value!r} (schemaVersion {codec.version})"),
                stacklevel=3,
            )
        run_id = raw.get("runId")
        return UnknownEvent(
            wire_type=type_value,
            schema_version=codec.version,
            run_id=run_id if isinstance(run_id, str) else None,
            raw=raw,
        )
    event = _convert(codec, cls, raw, line, keep_unknown=mode != "strict")
    if mode == "warn":
        extras = _all_extra_paths(event)
        if extras:
            warnings.warn(
                ProtocolWarning(f"unknown fields kept on {type_value!r} event: {', '.join(extras)}"),
                stacklevel=3,
            )
    return event  # type: ignore[return-value]


def _codec_for(raw: dict[str, Any], line: bytes | str, pinned: int | None) -> _VersionCodec:
    if "schemaVersion" not in raw:
        raise InvalidEventError(
            "missing_field", "schemaVersion", "the event has no `schemaVersion`", _text(line)
        )
    value = raw["schemaVersion"]
    number = _json_integer(value)  # `2.0` is the const 2 too (JSON Schema compares by value)
    wanted = pinned if pinned is not None else number
    codec = _CODECS.get(wanted) if wanted is not None else None
    if codec is None or number != codec.version:
        expected = f"{pinned}" if pinned is not None else f"one of {list(SUPPORTED_SCHEMA_VERSIONS)}"
        raise UnsupportedSchemaVersionError(
            "bad_const", "schemaVersion", f"schemaVersion {value!r} is not {expected}", _text(line)
        )
    return codec


# --- Input -------------------------------------------------------------------------------------


def decode_input(line: bytes | str, *, version: int) -> AnyInputEvent:
    """Decode one stream-json input line of schema `version`, strictly (as the binary does).

    Raises `ProtocolError` for anything the binary would reject: unknown fields, other schema
    versions, unknown types, blank content without images.
    """
    codec = _CODECS.get(version)
    if codec is None:
        raise UnsupportedSchemaVersionError(
            "bad_const", "schemaVersion", f"schemaVersion {version} is not supported", _text(line)
        )
    try:
        event = codec.input_decoder.decode(line)
    except msgspec.ValidationError:
        raw = _parse_object(line)
        _codec_for(raw, line, version)
        type_value = raw.get("type")
        if "type" not in raw:
            raise InvalidEventError("missing_field", "type", "the event has no `type`", _text(line)) from None
        if not isinstance(type_value, str):
            raise InvalidEventError("wrong_type", "type", "`type` must be a string", _text(line)) from None
        cls = codec.input_types.get(type_value)
        if cls is None:
            raise InvalidEventError(
                "unknown_type", "type", f"input type must be one of {sorted(codec.input_types)}", _text(line)
            ) from None
        event = _convert(codec, cls, raw, line, keep_unknown=False)
    except _NOT_JSON:
        raise InvalidJSONError("invalid_json", "", "expected one JSON object", _text(line)) from None
    missing = _missing_consts(codec, event)
    if missing:
        raise InvalidEventError("missing_field", missing, f"the event has no `{missing}`", _text(line))
    _check_any_of(codec, event, line)
    return event  # type: ignore[no-any-return]


def _check_any_of(codec: _VersionCodec, event: ProtocolStruct, line: bytes | str) -> None:
    alternatives = codec.any_of.get(type(event))
    if not alternatives:
        return
    fields = {f.encode_name: f.name for f in msgspec.structs.fields(event)}
    for alternative in alternatives:
        values = {wire: getattr(event, fields[wire]) for wire in alternative.required}
        if any(v is msgspec.UNSET for v in values.values()):
            continue
        if all(
            re.search(pattern, getattr(event, fields[wire])) for wire, pattern in alternative.patterns
        ) and all(len(getattr(event, fields[wire])) >= n for wire, n in alternative.min_items):
            return
    first = alternatives[0].required[0] if alternatives[0].required else ""
    wanted = " or ".join("+".join(a.required) for a in alternatives)
    raise InvalidEventError("constraint", first, f"needs a non-empty {wanted}", _text(line))


# --- Shared slow-path helpers -------------------------------------------------------------------

# What msgspec raises for a line that is not one decodable JSON text: a syntax error, nesting
# deeper than its recursion limit, or a str holding a lone surrogate (not UTF-8 encodable).
_NOT_JSON = (msgspec.DecodeError, RecursionError, UnicodeEncodeError)


def _parse_object(line: bytes | str) -> dict[str, Any]:
    try:
        raw = _RAW_DECODER.decode(line)
    except _NOT_JSON as exc:
        raise InvalidJSONError("invalid_json", "", f"not valid JSON: {exc}", _text(line)) from None
    if not isinstance(raw, dict):
        raise InvalidJSONError(
            "invalid_json", "", f"expected a JSON object, got {type(raw).__name__}", _text(line)
        )
    return raw


def _missing_consts(codec: _VersionCodec, event: Any) -> str:
    for const in codec.consts.get(type(event), ()):
        if const.required and is_const_default(getattr(event, const.py_name)):
            return str(const.wire_name)
    return ""


def _convert(
    codec: _VersionCodec,
    cls: type[ProtocolStruct],
    raw: dict[str, Any],
    line: bytes | str,
    *,
    keep_unknown: bool,
) -> ProtocolStruct:
    """Typed conversion of an already-parsed object; unknown fields kept or reported."""
    cleaned, extras = _split_unknown(cls, raw) if keep_unknown else (raw, {})
    try:
        event = msgspec.convert(cleaned, cls, str_keys=True)
    except msgspec.ValidationError as exc:
        # msgspec takes only integer literals for an int; JSON Schema also takes `1.0` and `1e3`.
        # Retry with those as ints (only here, off the fast path); then the bounds still apply.
        as_ints = _integral_floats_as_ints(_type_info(cls), cleaned)
        if as_ints is cleaned:
            raise _classify(codec, cls, str(exc), line, cleaned) from None
        try:
            event = msgspec.convert(as_ints, cls, str_keys=True)
        except msgspec.ValidationError as retry_exc:
            raise _classify(codec, cls, str(retry_exc), line, as_ints) from None
    if extras:
        _attach_extras(event, extras)
        # Lets encode_event find nested extras without walking every event it writes.
        event.__dict__[_HAS_EXTRAS_KEY] = True
    missing = _missing_consts(codec, event)
    if missing:
        raise InvalidEventError("missing_field", missing, f"the event has no `{missing}`", _text(line))
    run_id = getattr(event, "run_id", None)
    if isinstance(run_id, str) and not _run_id_ok(codec, run_id):
        raise InvalidEventError(
            "constraint",
            "runId",
            f"runId {run_id!r} does not match {codec.run_id_pattern.pattern}",
            _text(line),
        )
    return event


def _json_integer(value: Any) -> int | None:
    """The integer a JSON number stands for (`2`, `2.0`, `2e0`), or None (`2.5`, `true`, `"2"`)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():  # False for inf and nan
        return int(value)
    return None


_type_info = functools.cache(msgspec.inspect.type_info)


def _integral_floats_as_ints(info: msgspec.inspect.Type, value: Any) -> Any:
    """`value` with each integral float where `info` expects an int (or an int const) turned into
    that int: `1.0` -> 1, `1e300` -> 10**300 (which the bounds then refuse). Returns `value`
    itself when nothing changed, so the caller can tell."""
    if isinstance(info, msgspec.inspect.Metadata):
        return _integral_floats_as_ints(info.type, value)
    if type(value) is float:
        number = _json_integer(value)
        return number if number is not None and _accepts_int(info) else value
    if isinstance(info, msgspec.inspect.UnionType):
        for member in info.types:
            converted = _integral_floats_as_ints(member, value)
            if converted is not value:
                return converted
        return value
    if isinstance(info, msgspec.inspect.StructType) and isinstance(value, dict):
        types = {f.encode_name: f.type for f in info.fields}
        changed = {
            key: new
            for key, item in value.items()
            if key in types and (new := _integral_floats_as_ints(types[key], item)) is not item
        }
        return {**value, **changed} if changed else value
    if isinstance(info, msgspec.inspect.DictType) and isinstance(value, dict):
        changed = {
            key: new
            for key, item in value.items()
            if (new := _integral_floats_as_ints(info.value_type, item)) is not item
        }
        return {**value, **changed} if changed else value
    if isinstance(info, msgspec.inspect.ListType) and isinstance(value, list):
        items = [_integral_floats_as_ints(info.item_type, item) for item in value]
        return items if any(new is not old for new, old in zip(items, value, strict=True)) else value
    return value


def _accepts_int(info: msgspec.inspect.Type) -> bool:
    if isinstance(info, msgspec.inspect.Metadata):
        return _accepts_int(info.type)
    if isinstance(info, msgspec.inspect.UnionType):
        return any(_accepts_int(member) for member in info.types)
    if isinstance(info, msgspec.inspect.LiteralType):
        return any(type(v) is int for v in info.values)
    return isinstance(info, msgspec.inspect.IntType)


def _check_run_id_envelope(codec: _VersionCodec, raw: dict[str, Any], line: bytes | str) -> None:
    if "runId" not in raw:
        raise InvalidEventError("missing_field", "runId", "the event has no `runId`", _text(line))
    run_id = raw["runId"]
    if not isinstance(run_id, str):
        raise InvalidEventError("wrong_type", "runId", "`runId` must be a string", _text(line))
    if not _run_id_ok(codec, run_id):
        raise InvalidEventError(
            "constraint",
            "runId",
            f"runId {run_id!r} does not match {codec.run_id_pattern.pattern}",
            _text(line),
        )


def _run_id_ok(codec: _VersionCodec, run_id: str) -> bool:
    if run_id == codec.last_valid_run_id:
        return True
    if codec.run_id_pattern.fullmatch(run_id) is None:
        return False
    codec.last_valid_run_id = run_id
    return True


_MESSAGE = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)


def _classify(
    codec: _VersionCodec, cls: type[ProtocolStruct], message: str, line: bytes | str, raw: dict[str, Any]
) -> ProtocolError:
    match = _MESSAGE.match(message)
    assert match is not None  # the pattern matches any string
    msg, path = match.group("msg"), (match.group("path") or "").lstrip(".")
    if path.endswith("[...]"):
        path = _name_map_key(cls, raw, path.removesuffix("[...]"))
    named = re.search(r"field `([^`]*)`", msg)
    if msg.startswith("Object contains unknown field"):
        kind, path = "unknown_field", _join(path, named.group(1) if named else "")
    elif msg.startswith("Object missing required field"):
        kind, path = "missing_field", _join(path, named.group(1) if named else "")
    elif msg.startswith("Invalid enum value") or msg.startswith("Invalid value"):
        kind = "bad_enum"
    elif re.match(r"Expected `[^`]*`, got", msg):
        kind = "wrong_type"
    else:
        kind = "constraint"  # regex, length and bound violations
    if kind in ("bad_enum", "wrong_type") and _is_const_path(codec, cls, path):
        kind = "bad_const"
    return InvalidEventError(kind, path, msg, _text(line))


def _name_map_key(cls: type[ProtocolStruct], raw: dict[str, Any], map_path: str) -> str:
    """msgspec reports a bad map value as `meta[...]`; find the key (`meta.raw_bytes`)."""
    owner: Any = cls
    node: Any = raw
    annotation: Any = None
    for part in map_path.split("."):
        if owner is None or not isinstance(node, dict):
            return f"{map_path}[...]"
        annotation = {f.encode_name: f.type for f in msgspec.structs.fields(owner)}.get(part)
        node = node.get(part)
        owner = _struct_in(annotation)
    if not isinstance(node, dict) or annotation is None:
        return f"{map_path}[...]"
    for key, value in node.items():
        try:
            msgspec.convert({key: value}, annotation)
        except msgspec.ValidationError:
            return f"{map_path}.{key}"
    return f"{map_path}[...]"


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path and name else path or name


def _is_const_path(codec: _VersionCodec, cls: type[ProtocolStruct], path: str) -> bool:
    owner: Any = cls
    parts = re.sub(r"\[\d+\]", "", path).split(".")
    for part in parts[:-1]:
        fields = {f.encode_name: f.type for f in msgspec.structs.fields(owner)}
        owner = _struct_in(fields.get(part))
        if owner is None:
            return False
    return any(const.wire_name == parts[-1] for const in codec.consts.get(owner, ()))


def _struct_in(annotation: Any) -> Any:
    info = msgspec.inspect.type_info(annotation) if annotation is not None else None
    return _struct_of_info(info)


def _struct_of_info(info: Any) -> Any:
    if isinstance(info, msgspec.inspect.StructType):
        return info.cls
    if isinstance(info, msgspec.inspect.UnionType):
        for member in info.types:
            found = _struct_of_info(member)
            if found is not None:
                return found
    if isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.DictType)):
        return _struct_of_info(
            info.item_type if isinstance(info, msgspec.inspect.ListType) else info.value_type
        )
    if isinstance(info, msgspec.inspect.Metadata):
        return _struct_of_info(info.type)
    return None


def _split_unknown(cls: Any, raw: Any) -> tuple[Any, dict[str, Any]]:
    """Remove fields unknown to `cls` (recursively); returns the cleaned object and an extras tree.

    The extras tree maps a wire key to {"__extra__": {...}} for a nested struct, or holds the
    unknown keys of this level under "__extra__".
    """
    if not isinstance(raw, dict):
        return raw, {}
    known = {f.encode_name: f.type for f in msgspec.structs.fields(cls)}
    tag_field = cls.__struct_config__.tag_field
    cleaned: dict[str, Any] = {}
    extras: dict[str, Any] = {}
    unknown: dict[str, Any] = {}
    for key, value in raw.items():
        if key == tag_field:
            cleaned[key] = value
        elif key not in known:
            unknown[key] = value
        else:
            nested = _struct_in(known[key])
            if nested is not None and isinstance(value, dict) and not _is_map(known[key]):
                cleaned[key], sub = _split_unknown(nested, value)
                if sub:
                    extras[key] = sub
            elif nested is not None and isinstance(value, list):
                items = [_split_unknown(nested, item) for item in value]
                cleaned[key] = [item for item, _ in items]
                subs = {str(i): sub for i, (_, sub) in enumerate(items) if sub}
                if subs:
                    extras[key] = {"__items__": subs}
            else:
                cleaned[key] = value
    if unknown:
        extras["__extra__"] = unknown
    return cleaned, extras


def _is_map(annotation: Any) -> bool:
    info = msgspec.inspect.type_info(annotation)
    while isinstance(info, (msgspec.inspect.Metadata, msgspec.inspect.UnionType)):
        if isinstance(info, msgspec.inspect.Metadata):
            info = info.type
        else:
            members = [t for t in info.types if type(t).__name__ != "UnsetType"]
            if len(members) != 1:
                return False
            info = members[0]
    return isinstance(info, msgspec.inspect.DictType)


def _attach_extras(obj: Any, extras: dict[str, Any]) -> None:
    if "__extra__" in extras:
        obj.__dict__[_EXTRA_KEY] = extras["__extra__"]
    fields = {f.encode_name: f.name for f in msgspec.structs.fields(obj)}
    for key, sub in extras.items():
        if key == "__extra__":
            continue
        child = getattr(obj, fields[key])
        if "__items__" in sub:
            for index, item_extras in sub["__items__"].items():
                _attach_extras(child[int(index)], item_extras)
        else:
            _attach_extras(child, sub)


def _children(obj: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for f in msgspec.structs.fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, ProtocolStruct):
            out.append((f.encode_name, value))
        elif isinstance(value, list):
            out += [
                (f"{f.encode_name}[{i}]", v) for i, v in enumerate(value) if isinstance(v, ProtocolStruct)
            ]
    return out


def _all_extra_paths(obj: Any, prefix: str = "") -> list[str]:
    paths = [_join(prefix, key) for key in obj.__dict__.get(_EXTRA_KEY, {})]
    for name, child in _children(obj):
        paths += _all_extra_paths(child, _join(prefix, name))
    return paths


# --- Public helpers ----------------------------------------------------------------------------


def extra_fields(event: ProtocolStruct | UnknownEvent) -> dict[str, Any]:
    """Unknown wire fields kept on this object by a lenient decode (a copy; {} if none).

    Nested objects keep their own: `extra_fields(event.risk)`. For an `UnknownEvent` every
    field but schemaVersion, type and runId is unknown.
    """
    if isinstance(event, UnknownEvent):
        return {k: v for k, v in event.raw.items() if k not in ("schemaVersion", "type", "runId")}
    return dict(event.__dict__.get(_EXTRA_KEY, {}))


def _to_builtins_with_extras(obj: Any) -> Any:
    if isinstance(obj, ProtocolStruct):
        data: dict[str, Any] = msgspec.to_builtins(obj)
        for f in msgspec.structs.fields(obj):
            value = getattr(obj, f.name)
            if f.encode_name in data and isinstance(value, (ProtocolStruct, list)):
                data[f.encode_name] = _to_builtins_with_extras(value)
        data.update(obj.__dict__.get(_EXTRA_KEY, {}))
        return data
    if isinstance(obj, list):
        return [_to_builtins_with_extras(item) for item in obj]
    return msgspec.to_builtins(obj)


def encode_event(event: ProtocolStruct | UnknownEvent) -> bytes:
    """Compact JSON of an event, keys sorted like the binary writes them; no trailing newline.

    Only set fields are written (UNSET ones are left out); unknown fields kept by a lenient
    decode are written back; an `UnknownEvent` re-encodes its raw object.
    """
    if isinstance(event, UnknownEvent):
        return _ENCODER.encode(event.raw)
    if event.__dict__.get(_HAS_EXTRAS_KEY):
        return _ENCODER.encode(_to_builtins_with_extras(event))
    return _ENCODER.encode(event)
