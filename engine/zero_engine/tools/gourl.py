"""The part of Go's `net/url` that Zero's URL-password redaction depends on.

Zero replaces the password of a URL found in tool output by parsing the URL with Go's
`url.Parse`, setting the password to `[REDACTED]` and printing the URL again with `URL.String`.
Printing is not the identity: the new password is escaped (`%5BREDACTED%5D`), the user name,
host, path and fragment are re-escaped, and a URL that does not parse is left as it is. This
module reproduces that round trip for the URLs the redactor finds (always `scheme://...`), so
the engine prints the same bytes. Written from the documented behaviour of Go's `net/url`.

Strings are handled as UTF-8 bytes, as Go does: escaping works byte by byte.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

# Characters Go never escapes, in any part of a URL (RFC 3986 unreserved).
_ALNUM = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_MARK = frozenset(b"-_.~")
_RESERVED = frozenset(b"$&+,/:;=?@")
_HOST_EXTRA = frozenset(b"!$&'()*+,;=:[]<>\"")
_HEX = frozenset(b"0123456789abcdefABCDEF")


def _keep_path(c: int) -> bool:
    if c in _ALNUM or c in _MARK:
        return True
    return c in _RESERVED and c != ord("?")


def _keep_userinfo(c: int) -> bool:
    if c in _ALNUM or c in _MARK:
        return True
    return c in _RESERVED and c not in b"@/?:"


def _keep_host(c: int) -> bool:
    return c in _ALNUM or c in _MARK or c in _HOST_EXTRA


def _keep_fragment(c: int) -> bool:
    return c in _ALNUM or c in _MARK or c in _RESERVED or c in b"!()*"


def _escape(raw: bytes, keep: Callable[[int], bool]) -> bytes:
    out = bytearray()
    for c in raw:
        if keep(c):
            out.append(c)
        else:
            out += b"%%%02X" % c
    return bytes(out)


class _ParseError(Exception):
    pass


def _unescape(raw: bytes, host: bool = False, zone: bool = False) -> bytes:
    """Go's `unescape`: user info, path and fragment (the default), host, or IPv6 zone."""
    out = bytearray()
    i = 0
    while i < len(raw):
        c = raw[i]
        if c == ord("%"):
            if i + 2 >= len(raw) or raw[i + 1] not in _HEX or raw[i + 2] not in _HEX:
                raise _ParseError("invalid URL escape")
            value = int(raw[i + 1 : i + 3], 16)
            if host and value < 0x80 and raw[i : i + 3] != b"%25":
                raise _ParseError("invalid URL escape")
            # A zone may escape only what a host could hold unescaped (and spaces).
            if zone and raw[i : i + 3] != b"%25" and value != 0x20 and not _keep_host(value):
                raise _ParseError("invalid URL escape")
            out.append(value)
            i += 3
            continue
        if (host or zone) and c < 0x80 and not _keep_host(c):
            raise _ParseError("invalid character in host name")
        out.append(c)
        i += 1
    return bytes(out)


def _valid_encoded(raw: bytes, keep: Callable[[int], bool]) -> bool:
    return all(c in b"!$&'()*+,;=:@[]%" or keep(c) for c in raw)


def _valid_port(port: bytes) -> bool:
    return not port or (port[:1] == b":" and all(0x30 <= c <= 0x39 for c in port[1:]))


_USERINFO_OK = frozenset(b"-._:~!$&'()*+,;=%@") | _ALNUM


def _parse_host(scheme: bytes, host: bytes, strict_colons: bool) -> bytes:
    bracket = host.rfind(b"[")
    if bracket > 0:
        raise _ParseError("invalid IP-literal")
    if bracket == 0:
        close = host.rfind(b"]")
        if close < 0:
            raise _ParseError("missing ']' in host")
        colon_port = host[close + 1 :]
        if not _valid_port(colon_port):
            raise _ParseError("invalid port")
        port = _unescape(colon_port, host=True)
        name = host[1:close]
        zone = name.find(b"%25")
        if zone >= 0:
            unescaped = _unescape(name[:zone], host=True) + _unescape(name[zone:], zone=True)
        else:
            unescaped = _unescape(name, host=True)
        _check_ip6(unescaped)
        return b"[" + unescaped + b"]" + port
    first = host.find(b":")
    if first != -1:
        last = host.rfind(b":")
        index = first if (last != first and strict_colons and scheme in (b"http", b"https")) else last
        if not _valid_port(host[index:]):
            raise _ParseError("invalid port")
    return _unescape(host, host=True)


def _check_ip6(raw: bytes) -> None:
    try:
        text = raw.decode("ascii")
        address = ipaddress.ip_address(text)
    except (UnicodeDecodeError, ValueError) as error:
        raise _ParseError("invalid host") from error
    if isinstance(address, ipaddress.IPv4Address):
        raise _ParseError("invalid IP-literal")


def replace_password(candidate: str, password: str, *, strict_colons: bool) -> str | None:
    """`candidate` printed as Go prints it with its password replaced, or None when Go's
    `url.Parse` rejects it or it has no password (the caller then leaves it unchanged).

    `candidate` starts with a lower-case scheme and `://`. `strict_colons` is Go 1.26's
    `urlstrictcolons` default (an http(s) host with several colons is an error).
    """
    # Undecodable bytes of tool output arrive as surrogate escapes: turn them back into bytes,
    # since Go escapes a URL byte by byte.
    errors = "surrogateescape"
    try:
        raw = candidate.encode("utf-8", errors)
    except UnicodeEncodeError:
        errors = "surrogatepass"
        raw = candidate.encode("utf-8", errors)
    try:
        return _replace(raw, password.encode(), strict_colons).decode("utf-8", errors)
    except _ParseError:
        return None


def _replace(raw: bytes, password: bytes, strict_colons: bool) -> bytes:
    head, hash_mark, fragment = raw.partition(b"#")
    if any(c < 0x20 or c == 0x7F for c in head):
        raise _ParseError("invalid control character in URL")
    scheme, _, rest = head.partition(b":")
    force_query = False
    query = b""
    if rest.endswith(b"?") and rest.count(b"?") == 1:
        force_query, rest = True, rest[:-1]
    else:
        rest, _, query = rest.partition(b"?")
    authority, slash, path = rest[2:].partition(b"/")
    path = slash + path
    at = authority.rfind(b"@")
    if at < 0:
        raise _ParseError("no user info")
    host = _parse_host(scheme, authority[at + 1 :], strict_colons)
    userinfo = authority[:at]
    if any(c not in _USERINFO_OK for c in userinfo):
        raise _ParseError("invalid userinfo")
    if b":" not in userinfo:
        _unescape(userinfo)
        raise _ParseError("no password")
    name_raw, _, password_raw = userinfo.partition(b":")
    username = _unescape(name_raw)
    _unescape(password_raw)
    decoded_path = _unescape(path)
    if path != _escape(decoded_path, _keep_path) and _valid_encoded(path, _keep_path):
        escaped_path = path  # Go keeps a valid raw path that decodes to the same path
    else:
        escaped_path = _escape(decoded_path, _keep_path)
    out = bytearray(scheme + b"://")
    out += _escape(username, _keep_userinfo) + b":" + _escape(password, _keep_userinfo) + b"@"
    out += _escape(host, _keep_host)
    out += escaped_path
    if force_query or query:
        out += b"?" + query
    if hash_mark and fragment:
        decoded_fragment = _unescape(fragment)
        if decoded_fragment:
            if fragment != _escape(decoded_fragment, _keep_fragment) and _valid_encoded(
                fragment, _keep_fragment
            ):
                out += b"#" + fragment
            else:
                out += b"#" + _escape(decoded_fragment, _keep_fragment)
    return bytes(out)
