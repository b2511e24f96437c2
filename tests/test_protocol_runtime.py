"""Codec behaviour beyond the vectors: absent vs null, unknown types by mode, defaults."""

from __future__ import annotations

import json

import msgspec
import pytest
from zero_client.protocol import (
    InvalidEventError,
    ProtocolWarning,
    UnknownEvent,
    decode_output,
    encode_event,
)
from zero_client.versions import v1, v2

RUN = "run_20260822101500_3fa9c2"


def test_absent_optional_field_is_unset_and_not_written() -> None:
    event = decode_output(f'{{"schemaVersion":2,"type":"text","runId":"{RUN}"}}')
    assert isinstance(event, v2.TextEvent)
    assert event.delta is msgspec.UNSET
    assert "delta" not in json.loads(encode_event(event))


def test_null_is_not_absent() -> None:
    with pytest.raises(InvalidEventError) as caught:
        decode_output(f'{{"schemaVersion":2,"type":"text","runId":"{RUN}","delta":null}}')
    assert (caught.value.kind, caught.value.field) == ("wrong_type", "delta")


def test_unknown_type_by_mode() -> None:
    line = f'{{"schemaVersion":2,"type":"heartbeat","runId":"{RUN}","n":1}}'
    event = decode_output(line)
    assert isinstance(event, UnknownEvent) and (event.run_id, event.schema_version) == (RUN, 2)
    with pytest.warns(ProtocolWarning, match="heartbeat"):
        decode_output(line, mode="warn")
    with pytest.raises(InvalidEventError) as caught:
        decode_output(line, mode="strict")
    assert caught.value.kind == "unknown_type"


def test_each_line_decodes_by_its_own_version() -> None:
    old = decode_output(f'{{"schemaVersion":1,"type":"final","runId":"{RUN}","text":"a"}}')
    new = decode_output(f'{{"schemaVersion":2,"type":"final","runId":"{RUN}","text":"b"}}')
    assert isinstance(old, v1.FinalEvent) and isinstance(new, v2.FinalEvent)


def test_required_consts_default_but_absence_is_reported() -> None:
    assert json.loads(encode_event(v2.PromptInput(content="hi"))) == {
        "schemaVersion": 2,
        "type": "prompt",
        "content": "hi",
    }
    with pytest.raises(InvalidEventError) as caught:
        decode_output(f'{{"type":"final","runId":"{RUN}"}}')
    assert (caught.value.kind, caught.value.field) == ("missing_field", "schemaVersion")


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_integral_numbers_with_a_fraction_or_exponent_decode_as_ints(mode: str) -> None:
    """The vectors compare JSON values, where 1.0 == 1; the fields must hold real ints too."""
    usage = decode_output(
        f'{{"completionTokens":1E2,"promptTokens":1.0,"runId":"{RUN}","schemaVersion":2.0,'
        '"totalTokens":-0.0,"type":"usage"}',
        mode=mode,  # type: ignore[arg-type]
    )
    assert isinstance(usage, v2.UsageEvent)
    counts = (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens, usage.schema_version)
    assert counts == (1, 100, 0, 2) and {type(n) for n in counts} == {int}
    written = f'{{"completionTokens":100,"promptTokens":1,"runId":"{RUN}","schemaVersion":2,"totalTokens":0,'
    assert encode_event(usage) == (written + '"type":"usage"}').encode()
    restore = decode_output(
        f'{{"checkpoint":{{"filesRestored":3e0,"sequence":14.0}},"runId":"{RUN}","schemaVersion":2,'
        '"type":"restore"}',
        mode=mode,  # type: ignore[arg-type]
    )
    assert isinstance(restore, v2.RestoreEvent) and isinstance(restore.checkpoint, v2.CheckpointInfo)
    numbers = (restore.checkpoint.sequence, restore.checkpoint.files_restored)
    assert numbers == (14, 3) and {type(n) for n in numbers} == {int}


def test_an_integer_beyond_the_safe_range_is_a_constraint_at_the_field_not_a_rounded_value() -> None:
    for literal in ("9007199254740992", "9007199254740992.0", "1e300", "99999999999999999999999"):
        with pytest.raises(InvalidEventError) as caught:
            decode_output(
                f'{{"completionTokens":1,"promptTokens":{literal},"runId":"{RUN}","schemaVersion":2,'
                '"totalTokens":2,"type":"usage"}'
            )
        assert (caught.value.kind, caught.value.field) == ("constraint", "promptTokens"), literal
