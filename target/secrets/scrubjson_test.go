package secrets

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

func TestScrubJSON(t *testing.T) {
	t.Parallel()
	var s Set
	s.AddHeader("Authorization", "Bearer tok<&>1-Abc")
	s.Add("PIN", "42")
	s.Add("USE_TOKEN", "true")
	for _, tt := range []struct {
		name, in, want string
		ok             bool
	}{
		{"plain", `{"h":"Bearer tok<&>1-Abc"}`, `{"h":"$AUTHORIZATION"}`, true},
		{"escaped by Go", `{"t":"tok\u003c\u0026\u003e1-Abc and more"}`, `{"t":"$AUTHORIZATION and more"}`, true},
		{"every character \\u-escaped", `{"t":"\u0074\u006f\u006b<&>1-\u0041bc"}`, `{"t":"$AUTHORIZATION"}`, true},
		{"in a key", `{"tok<&>1-Abc":1}`, `{"$AUTHORIZATION":1}`, true},
		{"escaped slash and quotes around", `["x\/tok<&>1-Abc\"",1]`, `["x/$AUTHORIZATION\"",1]`, true},
		{"a short secret only as a whole string", `{"pin":"42","n":42,"text":"page 42"}`, `{"pin":"$PIN","n":42,"text":"page 42"}`, true},
		{"a common value is no literal's secret", `{"on":true}`, `{"on":true}`, true},
		{"nothing secret, bytes kept", `{ "a" : "\u00e9" }`, `{ "a" : "\u00e9" }`, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := s.ScrubJSON([]byte(tt.in))
			if string(got) != tt.want || ok != tt.ok {
				t.Errorf("ScrubJSON(%s) = %s, %v; want %s, %v", tt.in, got, ok, tt.want, tt.ok)
			}
			if !json.Valid(got) {
				t.Errorf("ScrubJSON(%s) = %s is not JSON", tt.in, got)
			}
		})
	}
}

func TestScrubJSONSecretInANumber(t *testing.T) {
	t.Parallel()
	var s Set
	s.Add("PIN", "739146")
	if _, ok := s.ScrubJSON([]byte(`{"pin":739146}`)); ok {
		t.Error("a secret in a number was reported as scrubbed")
	}
}

func TestScrubText(t *testing.T) {
	t.Parallel()
	var s Set
	s.Add("API_KEY", `k"ey-1234`)
	s.Add("PIN", "12")
	got := string(s.ScrubText([]byte(`node server.js --api-key k"ey-1234 --port 12 <x>k\"ey-1234</x>`)))
	if got != `node server.js --api-key $API_KEY --port 12 <x>$API_KEY</x>` {
		t.Errorf("ScrubText = %s", got)
	}
}

func TestFill(t *testing.T) {
	t.Parallel()
	var s Set
	s.Add("API_TOKEN", `v"1234`)
	if got := string(s.Fill([]byte(`{"a":"$API_TOKEN","b":"$API_TOKEN x"}`))); got != `{"a":"v\"1234","b":"$API_TOKEN x"}` {
		t.Errorf("Fill = %s", got)
	}
}

// TestSetConcurrent adds while others scrub (run with -race).
func TestSetConcurrent(t *testing.T) {
	t.Parallel()
	var s Set
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			s.Add("T", strings.Repeat("x", 5+i))
		}()
		go func() {
			defer wg.Done()
			s.ScrubJSON([]byte(`{"a":"xxxxxxxxx"}`))
		}()
	}
	wg.Wait()
	if got, _ := s.ScrubJSON([]byte(`{"a":"xxxxxxxx"}`)); !bytes.Contains(got, []byte("$T")) {
		t.Errorf("after the adds: %s", got)
	}
}

// benchResult is a 64 KiB tool result, typical of what history writes.
func benchResult() []byte {
	var b bytes.Buffer
	b.WriteString(`{"content":[`)
	for i := 0; b.Len() < 64<<10; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text","text":"line of an ordinary result with some words in it, number 12345"}`)
	}
	b.WriteString(`],"isError":false}`)
	return b.Bytes()
}

func benchSet() *Set {
	var s Set
	s.AddHeader("Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.payload.signature-0123")
	s.Add("API_KEY", "sk-live-0123456789abcdef")
	s.Add("CLIENT_SECRET", "cs-0123456789")
	return &s
}

// BenchmarkScrubJSONClean is the fast path: no secret in the result.
func BenchmarkScrubJSONClean(b *testing.B) {
	s, doc := benchSet(), benchResult()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if out, _ := s.ScrubJSON(doc); &out[0] != &doc[0] {
			b.Fatal("a clean document was copied")
		}
	}
}

// BenchmarkScrubJSONEscaped walks every string: the result has \u
// escapes and one echoed secret.
func BenchmarkScrubJSONEscaped(b *testing.B) {
	s, doc := benchSet(), benchResult()
	doc = append(doc[:len(doc)-len(`],"isError":false}`)], []byte(`,{"type":"text","text":"\u00e9 sk-live-0123456789abcdef"}],"isError":false}`)...)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		s.ScrubJSON(doc)
	}
}
