package root

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/client/toolcache"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// methodsRun runs toolbench in process and returns, besides the result,
// the methods of the requests every session it opened sent.
func methodsRun(t *testing.T, args ...string) (result, []string) {
	t.Helper()
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut}
	f := testFactory(st)
	var mu sync.Mutex
	var sessions []*client.Session
	f.Connect = func(ctx context.Context, tg target.Target, opts client.Options) (*client.Session, error) {
		s, err := client.Connect(ctx, tg, opts)
		if s != nil {
			mu.Lock()
			sessions = append(sessions, s)
			mu.Unlock()
		}
		return s, err
	}
	code := run(context.Background(), args, f)
	var methods []string
	for _, s := range sessions {
		frames, _ := s.Frames()
		for _, fr := range frames {
			var m struct {
				Method string          `json:"method"`
				ID     json.RawMessage `json:"id"`
			}
			if fr.Dir == client.Sent && json.Unmarshal(fr.Data, &m) == nil && m.Method != "" && m.ID != nil {
				methods = append(methods, m.Method)
			}
		}
	}
	return result{out: out.String(), err: errOut.String(), code: code}, methods
}

// fixtureCacheKey is the tool cache's key for the fixture target
// fixtureCmd returned (-e pairs, then the command).
func fixtureCacheKey(t *testing.T, targetArgs []string) string {
	t.Helper()
	var env []string
	for i := 0; i+1 < len(targetArgs) && targetArgs[i] == "-e"; i += 2 {
		env = append(env, targetArgs[i+1])
	}
	tg, err := testFactory(nil).Targets.Parse(targetArgs[2*len(env):], target.Settings{Env: env})
	if err != nil {
		t.Fatal(err)
	}
	return toolcache.Key(tg)
}

func productToolCache(t *testing.T) *toolcache.Store {
	t.Helper()
	dir, err := toolcache.DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	return toolcache.Open(dir)
}

func hasMethod(methods []string, m string) bool {
	for _, x := range methods {
		if x == m {
			return true
		}
	}
	return false
}

// TestCallSkipsListingWithCachedSchema: the second call of a tool is sent
// without listing the tools, checked against the inputSchema the first
// call's listing showed.
func TestCallSkipsListingWithCachedSchema(t *testing.T) {
	t.Parallel()
	tg, recorded := fixtureCmd(t)
	for i, wantList := range []bool{true, false} {
		r, methods := methodsRun(t, withTarget(tg, "call", "echo", "--arg", "message=hi")...)
		if r.code != exitOK || !strings.Contains(r.out, "hi") {
			t.Fatalf("call %d: exit %d\n%s\n%s", i+1, r.code, r.out, r.err)
		}
		if hasMethod(methods, "tools/list") != wantList || !hasMethod(methods, "tools/call") {
			t.Errorf("call %d sent %v; want tools/list only on the first", i+1, methods)
		}
	}
	// Invalid arguments are still refused, after a fresh listing.
	r, methods := methodsRun(t, withTarget(tg, "call", "echo", "--args", `{"message": 5}`)...)
	if r.code != exitUsage || !strings.Contains(r.err, "/message: got number, want string") || !hasMethod(methods, "tools/list") {
		t.Errorf("invalid arguments: exit %d, sent %v\n%s", r.code, methods, r.err)
	}
	if n := strings.Count(recorded(), `"event":"call"`); n != 2 {
		t.Errorf("the fixture saw %d calls, want 2:\n%s", n, recorded())
	}
}

// TestCallNeverRefusesOnStaleSchema: arguments a stale cached inputSchema
// rejects are checked against a fresh listing, sent, and the cache
// corrected.
func TestCallNeverRefusesOnStaleSchema(t *testing.T) {
	t.Parallel()
	tg, _ := fixtureCmd(t)
	key := fixtureCacheKey(t, tg)
	store := productToolCache(t)
	stale := `{"name":"echo","inputSchema":{"type":"object","properties":{"message":{"type":"integer"}},"required":["message"]}}`
	if err := store.Remember(key, "echo", json.RawMessage(stale)); err != nil {
		t.Fatal(err)
	}
	r, methods := methodsRun(t, withTarget(tg, "call", "echo", "--arg", "message=hi")...)
	if r.code != exitOK || !hasMethod(methods, "tools/list") {
		t.Fatalf("exit %d, sent %v\n%s\n%s", r.code, methods, r.out, r.err)
	}
	raw, ok := store.Tool(key, "echo")
	if !ok || strings.Contains(string(raw), `"integer"`) {
		t.Errorf("the cache still holds the stale tool: %s", raw)
	}
}

// TestCallRejudgesOnStaleOutputSchema: a result that breaks a stale cached
// outputSchema is judged against a fresh listing, never failed on the
// cache's word.
func TestCallRejudgesOnStaleOutputSchema(t *testing.T) {
	t.Parallel()
	tg, _ := fixtureCmd(t)
	key := fixtureCacheKey(t, tg)
	store := productToolCache(t)
	stale := `{"name":"weather_ok","inputSchema":{"type":"object"},"outputSchema":{"type":"object","required":["humidity"]}}`
	if err := store.Remember(key, "weather_ok", json.RawMessage(stale)); err != nil {
		t.Fatal(err)
	}
	r, methods := methodsRun(t, withTarget(tg, "call", "weather_ok", "--args", `{"city":"Oslo"}`)...)
	if r.code != exitOK || !strings.Contains(r.out, "✓ structuredContent matches the outputSchema") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if !hasMethod(methods, "tools/list") {
		t.Errorf("the result was judged without a fresh listing: %v", methods)
	}
	if raw, _ := store.Tool(key, "weather_ok"); strings.Contains(string(raw), "humidity") {
		t.Errorf("the cache still holds the stale tool: %s", raw)
	}
}

// TestCallOfCachedToolNoLongerListed: a cached tool the server dropped is
// the same usage error as without the cache, and leaves the cache.
func TestCallOfCachedToolNoLongerListed(t *testing.T) {
	t.Parallel()
	tg, _ := fixtureCmd(t)
	key := fixtureCacheKey(t, tg)
	store := productToolCache(t)
	if err := store.Remember(key, "ech0", json.RawMessage(`{"name":"ech0","inputSchema":{"type":"object"}}`)); err != nil {
		t.Fatal(err)
	}
	r, _ := methodsRun(t, withTarget(tg, "call", "ech0")...)
	if r.code != exitUsage || !strings.Contains(r.err, `the server has no tool "ech0"; did you mean "echo"?`) {
		t.Errorf("exit %d\n%s", r.code, r.err)
	}
	if _, ok := store.Tool(key, "ech0"); ok {
		t.Error("the dropped tool is still cached")
	}
}

// TestToolsRefreshesSchemaCache: a listing by `tools` replaces a cached
// tool it shows differently.
func TestToolsRefreshesSchemaCache(t *testing.T) {
	t.Parallel()
	tg, _ := fixtureCmd(t)
	key := fixtureCacheKey(t, tg)
	store := productToolCache(t)
	if err := store.Remember(key, "echo", json.RawMessage(`{"name":"echo","inputSchema":{"type":"object"}}`)); err != nil {
		t.Fatal(err)
	}
	if r := runToolbench(t, context.Background(), "", withTarget(tg, "tools")...); r.code != exitOK {
		t.Fatalf("tools: exit %d\n%s", r.code, r.err)
	}
	raw, ok := store.Tool(key, "echo")
	if !ok || !strings.Contains(string(raw), `"message"`) {
		t.Errorf("the cache was not refreshed by the listing: %s", raw)
	}
}
