package wire

import (
	"regexp"
	"strconv"
)

// Pattern is a compiled JSON Schema `pattern`. Anchored sequences of ASCII character classes
// and literals with quantifiers (`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`, the shape of ids) are
// matched by a small byte-set matcher, which is several times faster than package regexp on
// these; every other pattern goes to regexp (RE2 syntax; the generator translates ECMA-262
// classes first).
type Pattern struct {
	source string
	parts  []classPart
	re     *regexp.Regexp
}

type classPart struct {
	set      [4]uint64 // bytes 0-255; non-ASCII bytes are never set
	min, max int       // max -1: unbounded
}

// MustCompilePattern compiles a pattern (panics on a bad one: generated patterns are valid).
func MustCompilePattern(source string) *Pattern {
	if parts, ok := parseClasses(source); ok {
		return &Pattern{source: source, parts: parts}
	}
	return &Pattern{source: source, re: regexp.MustCompile(source)}
}

// String is the pattern's source.
func (p *Pattern) String() string { return p.source }

// MatchString reports whether s matches the pattern.
func (p *Pattern) MatchString(s string) bool {
	if p.re != nil {
		return p.re.MatchString(s)
	}
	return matchParts(p.parts, s)
}

func (c *classPart) has(b byte) bool { return c.set[b>>6]&(1<<(b&63)) != 0 }

func (c *classPart) add(lo, hi byte) {
	for b := int(lo); b <= int(hi); b++ {
		c.set[b>>6] |= 1 << (b & 63)
	}
}

func matchParts(parts []classPart, s string) bool {
	if len(parts) == 0 {
		return s == ""
	}
	p := &parts[0]
	n := 0
	for n < len(s) && (p.max < 0 || n < p.max) && p.has(s[n]) {
		n++
	}
	for ; n >= p.min; n-- {
		if matchParts(parts[1:], s[n:]) {
			return true
		}
	}
	return false
}

// parseClasses reads `^(part quantifier?)*$` where a part is an ASCII literal, `\`+punctuation,
// or a bracket class of ASCII literals and ranges; false for anything else.
func parseClasses(src string) ([]classPart, bool) {
	if len(src) < 2 || src[0] != '^' || src[len(src)-1] != '$' || (len(src) > 2 && src[len(src)-2] == '\\') {
		return nil, false
	}
	body := src[1 : len(src)-1]
	var parts []classPart
	for i := 0; i < len(body); {
		var part classPart
		switch c := body[i]; {
		case c == '[':
			j := i + 1
			if j < len(body) && body[j] == '^' {
				return nil, false
			}
			for j < len(body) && body[j] != ']' {
				lo := body[j]
				if lo == '\\' || lo >= 0x80 || lo == '[' {
					return nil, false
				}
				if j+2 < len(body) && body[j+1] == '-' && body[j+2] != ']' {
					hi := body[j+2]
					if hi == '\\' || hi >= 0x80 || hi < lo {
						return nil, false
					}
					part.add(lo, hi)
					j += 3
					continue
				}
				part.add(lo, lo)
				j++
			}
			if j >= len(body) || j == i+1 {
				return nil, false
			}
			i = j + 1
		case c == '\\' && i+1 < len(body) && isPunct(body[i+1]):
			part.add(body[i+1], body[i+1])
			i += 2
		case c < 0x80 && (isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') || c == '_' || c == '-' || c == ':'):
			part.add(c, c)
			i++
		default:
			return nil, false
		}
		part.min, part.max = 1, 1
		if i < len(body) {
			switch body[i] {
			case '*':
				part.min, part.max = 0, -1
				i++
			case '+':
				part.max = -1
				i++
			case '?':
				part.min = 0
				i++
			case '{':
				end := i + 1
				for end < len(body) && body[end] != '}' {
					end++
				}
				if end >= len(body) {
					return nil, false
				}
				min, max, ok := parseRepeat(body[i+1 : end])
				if !ok {
					return nil, false
				}
				part.min, part.max = min, max
				i = end + 1
			}
			if i < len(body) && (body[i] == '?' || body[i] == '+' || body[i] == '*' || body[i] == '{') {
				return nil, false // lazy or possessive forms: leave them to regexp
			}
		}
		parts = append(parts, part)
	}
	return parts, true
}

func isPunct(c byte) bool {
	return c < 0x80 && !isDigit(c) && !(c|0x20 >= 'a' && c|0x20 <= 'z') && c > ' '
}

func parseRepeat(spec string) (int, int, bool) {
	for i := 0; i < len(spec); i++ {
		if spec[i] == ',' {
			min, err := strconv.Atoi(spec[:i])
			if err != nil {
				return 0, 0, false
			}
			if i == len(spec)-1 {
				return min, -1, true
			}
			max, err := strconv.Atoi(spec[i+1:])
			return min, max, err == nil && max >= min
		}
	}
	n, err := strconv.Atoi(spec)
	return n, n, err == nil
}
