package history

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// decodeSeeds are lines the fast decoder must read as encoding/json does,
// or leave to it.
func decodeSeeds(t testing.TB) [][]byte {
	t.Helper()
	recs := []Record{
		testRecord("echo", 1, 20),
		{V: 1, Time: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600)), Tool: "naïve ✓",
			Server:    Server{Key: "ab", Label: "npx -y srv", Name: "n", Reported: "r", Version: "1.0"},
			Arguments: json.RawMessage(`{"a":[1,2,{"b":"c\"d"}],"e":null}`), Result: json.RawMessage(`{"content":[],"isError":true}`),
			IsError: true, Output: &Output{Checked: true, Errors: []string{"/x: got string, want number", "(root): missing property 'y'"}},
			DurationMs: -3, Era: "modern", ProtocolVersion: "2026-07-28", Error: "failed", From: "tui"},
		{V: 2, Tool: "future"},
		{V: 1, Tool: "\"quoted\" <tag>", Error: "tab\there"},
		{Output: &Output{Valid: true, Errors: []string{}}},
	}
	var seeds [][]byte
	for _, r := range recs {
		line, err := EncodeRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, line)
	}
	for _, s := range []string{
		`{}`, `{"v":1}`, ` { "v" : 1 , "tool" : "t" } `, `{"v":01}`, `{"v":-01}`, `{"v":-0}`, `{"v":1.0}`, `{"v":1e2}`,
		`{"Tool":"t"}`, `{"tool":"a","tool":"b"}`, `{"output":{"checked":true},"output":{"valid":true}}`,
		`{"arguments":12 ,"v":1}`, `{"arguments":null}`, `{"arguments":{"a":"}"}}`, `{"arguments":{"a":1},}`,
		`{"arguments":[1,]}`, `{"result":{"a":"\u00e9\ud83d\ude00"}}`, `{"time":null}`, `{"time":"2026-13-01T00:00:00Z"}`,
		`{"isError":truex}`, `{"isError":null}`, `{"server":{"key":"a","extra":1}}`, `{"output":{"errors":null}}`,
		"{\"tool\":\"\xff\"}", "{\"tool\":\"a\x01\"}", `{"v":1}x`, `{"v":1`, `{"tool":"\/"}`, `[]`, `{"v":99999999999999999999}`,
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// FuzzDecodeFast: whatever the fast decoder accepts, encoding/json
// accepts and decodes to the same record.
func FuzzDecodeFast(f *testing.F) {
	for _, s := range decodeSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := decodeFast(line)
		var want Record
		err := json.Unmarshal(line, &want)
		if !ok {
			return
		}
		if err != nil {
			t.Fatalf("fast decoder accepted %q, which encoding/json refuses: %v", line, err)
		}
		if !got.Time.Equal(want.Time) || got.Time.Location().String() != want.Time.Location().String() {
			t.Fatalf("%q: time %v, encoding/json %v", line, got.Time, want.Time)
		}
		got.Time, want.Time = time.Time{}, time.Time{}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\nfast %+v\njson %+v", line, got, want)
		}
	})
}

func TestDecodeFastTakesToolbenchLines(t *testing.T) {
	t.Parallel()
	for i, line := range decodeSeeds(t)[:3] {
		if _, ok := decodeFast(line); !ok {
			t.Errorf("seed %d: the fast decoder gave up on a line EncodeRecord wrote: %s", i, line)
		}
	}
}
