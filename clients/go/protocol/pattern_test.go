package protocol_test

import (
	"math/rand"
	"regexp"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// The byte-set matcher behind simple patterns agrees with package regexp.
func TestPatternsAgreeWithRegexp(t *testing.T) {
	patterns := []string{
		`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`, `^a[bc]*d?$`, `^[0-9]{2,4}x+$`, `^\.[a-]{1,}$`,
		`^(?:[A-Za-z0-9+/]{4})*$`, `[^ ]`, `^[^a]$`,
	}
	alphabet := []byte("aAbcdx0123.-_:+/ \xc3\xa9")
	random := rand.New(rand.NewSource(1))
	for _, source := range patterns {
		fast, slow := wire.MustCompilePattern(source), regexp.MustCompile(source)
		for i := 0; i < 3000; i++ {
			b := make([]byte, random.Intn(10))
			for j := range b {
				b[j] = alphabet[random.Intn(len(alphabet))]
			}
			if s := string(b); fast.MatchString(s) != slow.MatchString(s) {
				t.Fatalf("%s on %q: got %v, regexp says %v", source, s, fast.MatchString(s), slow.MatchString(s))
			}
		}
		long := "a" + string(make([]byte, 0)) + "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		if fast.MatchString(long) != slow.MatchString(long) {
			t.Fatalf("%s on a long id", source)
		}
	}
}
