"""web_search: Zero's hosted-search tool, offered only when `ZERO_WEBSEARCH_BASE_URL` is set.

The generic backend POSTs `{"limit", "query"[, "provider"]}` as JSON to the base URL (with
`Authorization: Bearer $ZERO_WEBSEARCH_API_KEY` when set) and reads either a bare array of
`{title, url, snippet, score}` or `{"results": [...]}`; `ZERO_WEBSEARCH_PROVIDER=searxng` sends
`GET <base>/search?format=json&q=...` (v2) and reads SearXNG's `{results: [{title, url, content,
score}]}`. Results print as `1. Title — URL[ — score 0.91]` with the snippet indented below; a
`domains` allowlist filters them by host. Errors and limits are Zero's (10 s timeout, 256 KiB
body, at most 5 redirects on the same host and scheme).

schemaVersion 2 (Zero 0.8.0): a deferrable network tool that asks permission. The v1-era tool
was allowed without a prompt and always offered.
"""

from __future__ import annotations

import json
import math
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import http.client

from .. import gotext
from ..gojson import marshal
from .args import Args, ToolFailure, zero_int
from .base import ToolSpec
from .redaction import redact_text
from .toolkit import Tool, ToolContext, ToolOutput, object_schema

BASE_URL_ENV = "ZERO_WEBSEARCH_BASE_URL"
DEFAULT_LIMIT = 5
MAX_LIMIT = 10
TIMEOUT_SECONDS = 10.0
BODY_LIMIT = 256 * 1024
REDIRECT_LIMIT = 5
USER_AGENT = "zero-web-search/0.1"


@dataclass(frozen=True)
class _Result:
    title: str
    url: str
    snippet: str
    score: float = 0.0


class _SearchError(Exception):
    """A backend failure, worded as Zero words it."""


def configured(environ: Mapping[str, str]) -> bool:
    """Zero registers web_search only when a backend is configured."""
    return bool(gotext.trim_space(environ.get(BASE_URL_ENV, "")))


# -- arguments --------------------------------------------------------------------------------


def _canonical_host(raw: str) -> str:
    """A bare lowercase host from `react.dev`, `https://react.dev:443/x` or `www.React.dev`."""
    trimmed = gotext.trim_space(raw)
    if not trimmed:
        return ""
    if "://" in trimmed:
        try:
            trimmed = urllib.parse.urlsplit(trimmed).hostname or ""
        except ValueError:
            return ""
    trimmed = gotext.trim_space(trimmed)
    for index, char in enumerate(trimmed):
        if char in "/?#":
            trimmed = trimmed[:index]
            break
    trimmed = trimmed.lower().removesuffix(".").removeprefix("www.")
    if not trimmed or any(char in trimmed for char in " \t\n"):
        return ""
    return trimmed


def _domains(values: Mapping[str, Any]) -> list[str] | None:
    """The normalized allowlist, None when the argument is absent."""
    value = values.get("domains")
    if value is None:
        return None
    if not isinstance(value, list):
        raise ToolFailure("Error: Invalid arguments for web_search: domains must be a list of strings")
    hosts: list[str] = []
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise ToolFailure(f"Error: Invalid arguments for web_search: domains[{index}] must be a string")
        host = _canonical_host(item)
        if host and host not in hosts:
            hosts.append(host)
    return hosts


def _result_host(url: str) -> str:
    try:
        host = urllib.parse.urlsplit(gotext.trim_space(url)).hostname or ""
    except ValueError:
        return ""
    return host.lower().removesuffix(".").removeprefix("www.")


# -- the backend --------------------------------------------------------------------------------


def _go_list(values: list[str]) -> str:
    return "[" + " ".join(values) + "]"


def _connection(url: urllib.parse.SplitResult) -> http.client.HTTPConnection:
    # Imported on a search only: http.client and ssl cost an engine's start-up tens of ms.
    import http.client
    import ssl

    host = url.hostname or ""
    if url.scheme == "https":
        return http.client.HTTPSConnection(
            host, url.port, timeout=TIMEOUT_SECONDS, context=ssl.create_default_context()
        )
    return http.client.HTTPConnection(host, url.port, timeout=TIMEOUT_SECONDS)


def _dial_target(url: urllib.parse.SplitResult) -> str:
    host = url.hostname or ""
    port = url.port or (443 if url.scheme == "https" else 80)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _transport_error(prefix: str, url: urllib.parse.SplitResult, error: BaseException) -> _SearchError:
    """A failed connection or exchange in Go's `url.Error` words."""
    import socket

    if isinstance(error, socket.gaierror):
        return _SearchError(prefix + f"dial tcp: lookup {url.hostname}: no such host")
    if isinstance(error, TimeoutError):
        return _SearchError(
            prefix + "context deadline exceeded (Client.Timeout exceeded while awaiting headers)"
        )
    if isinstance(error, ConnectionRefusedError):
        return _SearchError(prefix + f"dial tcp {_dial_target(url)}: connect: connection refused")
    if isinstance(error, OSError) and error.strerror:
        return _SearchError(prefix + f"dial tcp {_dial_target(url)}: connect: {error.strerror.lower()}")
    return _SearchError(prefix + (str(error) or "EOF"))


def _exchange(method: str, url: str, body: bytes | None, headers: dict[str, str]) -> tuple[int, str, bytes]:
    """One HTTP exchange: (status, Location header, at most BODY_LIMIT bytes of the body)."""
    parsed = urllib.parse.urlsplit(url)
    connection = _connection(parsed)
    target = (parsed.path or "/") + (f"?{parsed.query}" if parsed.query else "")
    request_headers = dict(headers)
    if body is not None:
        request_headers["Content-Length"] = str(len(body))
    try:
        connection.request(method, target, body=body, headers=request_headers)
        response = connection.getresponse()
        return response.status, response.getheader("Location") or "", response.read(BODY_LIMIT)
    finally:
        connection.close()


def _request(method: str, url: str, body: bytes | None, headers: dict[str, str]) -> tuple[int, bytes]:
    """A request as Go's client with Zero's redirect policy makes it: redirects are followed
    only on the same host and scheme, at most 4 (the 5th is refused), a 301/302/303 after a
    POST becomes a GET; errors read `<Method> "<url>": <cause>`, the method being the first
    request's."""
    import http.client

    verb = method.capitalize()
    origin = urllib.parse.urlsplit(url)
    current, requests = url, 0
    while True:
        requests += 1
        try:
            status, location, data = _exchange(method, current, body, headers)
        except (OSError, http.client.HTTPException) as error:
            raise _transport_error(f'{verb} "{current}": ', urllib.parse.urlsplit(current), error) from None
        if status not in (301, 302, 303, 307, 308) or not location:
            return status, data
        following = urllib.parse.urljoin(current, location)
        followed = urllib.parse.urlsplit(following)
        refusal = ""
        if requests >= REDIRECT_LIMIT:
            refusal = f"stopped after {REDIRECT_LIMIT} redirects"
        elif (followed.hostname or "").lower() != (origin.hostname or "").lower():
            refusal = f'refusing cross-host redirect to "{followed.hostname or ""}"'
        elif followed.scheme.lower() != origin.scheme.lower():
            refusal = f'refusing redirect that changes scheme "{origin.scheme}"\u2192"{followed.scheme}"'
        if refusal:
            raise _SearchError(f'{verb} "{following}": {refusal}')
        if status in (301, 302, 303) and method == "POST":
            method, body = "GET", None
            headers = {key: value for key, value in headers.items() if key != "Content-Type"}
        current = following


def _lenient_score(value: Any) -> float:
    """Zero's lenientScore: a number or a numeric string; anything else is no score."""
    if isinstance(value, bool) or value is None:
        return 0.0
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(gotext.trim_space(value.strip('"')))
        except ValueError:
            return 0.0
    else:
        return 0.0
    return number if math.isfinite(number) else 0.0


def _text(item: Mapping[str, Any], key: str) -> str:
    value = item.get(key)
    return value if isinstance(value, str) else ""


def _go_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _raw_results(items: list[Any]) -> list[_Result]:
    """Go's decoding into []rawResult: a null item is an empty result, a wrong type the error."""
    results = []
    for item in items:
        if item is None:
            results.append(_Result("", "", ""))
            continue
        if not isinstance(item, dict):
            kind = _go_kind(item)
            raise _SearchError(
                f"parse search results: json: cannot unmarshal {kind} into Go value of type tools.rawResult"
            )
        for key in ("title", "url", "snippet"):
            if item.get(key) is not None and not isinstance(item[key], str):
                kind = _go_kind(item[key])
                raise _SearchError(
                    f"parse search results: json: cannot unmarshal {kind} into Go struct field "
                    f"rawResult.{key} of type string"
                )
        results.append(
            _Result(
                _text(item, "title"),
                _text(item, "url"),
                _text(item, "snippet"),
                _lenient_score(item.get("score")),
            )
        )
    return results


def _parse_results(body: bytes) -> list[_Result]:
    """A bare array of results or `{"results": [...]}`, as Zero's parseSearchResults reads them."""
    text = gotext.trim_space(body.decode("utf-8", "replace"))
    if not text:
        raise _SearchError("empty search backend response")
    problem = gotext.json_syntax_error(text)
    if problem:
        raise _SearchError(f"parse search results: {problem}")
    decoded = json.loads(text)
    if text.startswith("["):
        return _raw_results(decoded)
    if decoded is None:
        return []
    if not isinstance(decoded, dict):
        raise _SearchError(
            f"parse search results: json: cannot unmarshal {_go_kind(decoded)} into Go value of type "
            'struct { Results []tools.rawResult "json:\\"results\\"" }'
        )
    items = decoded.get("results")
    if items is None:
        return []
    if not isinstance(items, list):
        raise _SearchError(
            f"parse search results: json: cannot unmarshal {_go_kind(items)} into Go struct field "
            ".results of type []tools.rawResult"
        )
    return _raw_results(items)


def _parse_searxng(body: bytes, limit: int) -> list[_Result]:
    text = body.decode("utf-8", "replace")
    problem = gotext.json_syntax_error(text)
    if problem:
        raise _SearchError(f"decode searxng response: {problem}")
    decoded = json.loads(text)
    items = decoded.get("results") if isinstance(decoded, dict) else None
    results: list[_Result] = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict) or not gotext.trim_space(_text(item, "url")):
            continue
        score = item.get("score")
        number = float(score) if isinstance(score, int | float) and not isinstance(score, bool) else 0.0
        results.append(_Result(_text(item, "title"), _text(item, "url"), _text(item, "content"), number))
        if limit > 0 and len(results) >= limit:
            break
    return results


def _search(environ: Mapping[str, str], query: str, limit: int, schema_version: int) -> list[_Result]:
    base_url = gotext.trim_space(environ.get(BASE_URL_ENV, ""))
    api_key = gotext.trim_space(environ.get("ZERO_WEBSEARCH_API_KEY", ""))
    provider = gotext.trim_space(environ.get("ZERO_WEBSEARCH_PROVIDER", ""))
    headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    if provider.lower() == "searxng" and schema_version >= 2:  # the v1-era tool had no SearXNG
        endpoint = base_url.rstrip("/") + "/search?" + urllib.parse.urlencode({"format": "json", "q": query})
        try:
            status, body = _request("GET", endpoint, None, headers)
        except _SearchError as error:
            raise _SearchError(f"searxng request failed: {error}") from None
        if not 200 <= status < 300:
            raise _SearchError(f"searxng backend returned HTTP {status}")
        return _parse_searxng(body, limit)
    payload: dict[str, Any] = {"query": query, "limit": limit}
    if provider:
        payload["provider"] = provider
    headers["Content-Type"] = "application/json"
    try:
        status, body = _request("POST", base_url, marshal(payload).encode("utf-8"), headers)
    except _SearchError as error:
        raise _SearchError(f"search request failed: {error}") from None
    if not 200 <= status < 300:
        # Status only: the body may echo the request, credentials included.
        raise _SearchError(f"search backend returned HTTP {status}")
    return _parse_results(body)


def _go_round(value: float) -> float:
    """Go's math.Round: half away from zero (Python's round() rounds half to even)."""
    whole = math.trunc(value)
    if abs(value - whole) >= 0.5:
        whole += int(math.copysign(1, value))
    return float(whole)


def format_results(results: list[_Result]) -> str:
    """`1. Title — URL[ — score 0.91]`, the snippet indented on the next line."""
    lines = []
    for index, result in enumerate(results, 1):
        title = gotext.trim_space(result.title) or "(untitled)"
        header = f"{index}. {title} \u2014 {gotext.trim_space(result.url)}"
        rounded = _go_round(result.score * 100) / 100
        if rounded >= 0.01:
            header += f" \u2014 score {rounded:.2f}"
        lines.append(header)
        snippet = gotext.trim_space(result.snippet)
        if snippet:
            lines.append("   " + snippet)
    return "\n".join(lines)


def _web_search(context: ToolContext, args: Args) -> ToolOutput:
    query = args.values.get("query")
    if query is None:
        raise args.error("query is required")
    if not isinstance(query, str):
        raise args.error("query must be a string")
    if query == "":
        raise args.error("query must be a non-empty string")
    try:
        limit = min(zero_int(args.values, "limit", DEFAULT_LIMIT, 1), MAX_LIMIT)
    except ValueError as error:
        raise args.error(str(error)) from None
    domains = _domains(args.values)
    if domains is not None and not domains:
        raise ToolFailure(
            "Error: web_search 'domains' argument was provided but contained no valid hostnames; "
            "remove the argument or pass valid hostnames"
        )
    version = context.schema_version
    try:
        results = _search(context.environ, query, limit, version)
    except _SearchError as error:
        raise ToolFailure(f"Error performing web search: {redact_text(str(error), version)}") from None
    if results and domains:
        results = [result for result in results if _result_host(result.url) in domains]
        if not results:
            raise ToolFailure(
                "Error: "
                + redact_text(
                    f"no web_search results matched domains={_go_list(domains)}; "
                    "loosen the allowlist or remove the domains argument",
                    version,
                )
            )
    if not results:
        return ToolOutput(f"No results for query: {redact_text(query, version)}")
    return ToolOutput(redact_text(format_results(results[:limit]), version))


WEB_SEARCH = Tool(
    spec=ToolSpec(
        name="web_search",
        safety_reason="Sends model-provided search query text to the configured web search backend.",
        description="Search the web and get ranked results (title, address, snippet) for a query.",
        side_effect="network",
        permission="prompt",
        advertised_in_auto=True,
        deferrable=True,
        parameters=object_schema(
            {
                "query": {"type": "string", "description": "What to search for."},
                "limit": {
                    "type": "integer",
                    "description": "How many results to return at most.",
                    "default": DEFAULT_LIMIT,
                    "minimum": 1,
                    "maximum": MAX_LIMIT,
                },
                "domains": {
                    "type": "array",
                    "description": "Only keep results from these hosts.",
                    "items": {"type": "string"},
                },
            },
            ("query",),
        ),
    ),
    run=_web_search,
)

# The v1-era tool: allowed without a prompt, always offered, worded differently.
WEB_SEARCH_V1 = replace(
    WEB_SEARCH,
    spec=replace(
        WEB_SEARCH.spec,
        permission="allow",
        deferrable=False,
        safety_reason="Performs a web search over the network.",
    ),
)
