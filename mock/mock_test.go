package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/tool"
)

// toolsFiles are saved tools/list results of the fixture and the three
// reference servers.
func toolsFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.tools.json")
	if err != nil || len(files) < 4 {
		t.Fatalf("tools files: %v %v", files, err)
	}
	return files
}

var transports = []Transport{Stdio, SSE, StreamableHTTP}

// serve starts a mock of file on tr and returns a session to it.
func serve(t *testing.T, file string, tr Transport) *client.Session {
	t.Helper()
	var tgt target.Target
	if tr == Stdio {
		self, err := os.Executable()
		abs, _ := filepath.Abs(file)
		if err != nil {
			t.Fatal(err)
		}
		tgt = target.Target{Transport: target.Stdio, Command: self, Env: []string{envServe + "=" + abs}}
	} else {
		e, err := load(t, file).Listen(tr, DefaultAddr, false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = e.Close(context.Background()) })
		tgt = target.Target{Transport: target.Transport(tr), URL: e.URL}
	}
	s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("connect to the mock of %s over %s: %v", file, tr, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func load(t *testing.T, file string) *Server {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Load(data)
	if err != nil {
		t.Fatalf("load %s: %v", file, err)
	}
	return s
}

// canonical is JSON text compacted and HTML-escaped: encoding/json escapes
// <, > and & inside raw schemas, which changes bytes but not values.
// Everything else, key order included, must survive.
func canonical(t *testing.T, raw []byte) string {
	t.Helper()
	var c, h bytes.Buffer
	if err := json.Compact(&c, raw); err != nil {
		t.Fatalf("compact %s: %v", raw, err)
	}
	json.HTMLEscape(&h, c.Bytes())
	return h.String()
}

// TestListedAsSaved lists each mock's tools over every transport. The
// schemas must arrive byte for byte (key order included; whitespace is the
// encoder's); the tool objects as equal JSON values, because mcp-go writes
// a tool's own keys in sorted order; the tools in their saved order.
func TestListedAsSaved(t *testing.T) {
	t.Parallel()
	for _, file := range toolsFiles(t) {
		saved, err := tool.ParseList(mustRead(t, file))
		if err != nil {
			t.Fatal(err)
		}
		if w := load(t, file).Warnings; len(w) > 0 {
			t.Errorf("%s: warnings %q", file, w)
		}
		for _, tr := range transports {
			t.Run(filepath.Base(file)+"/"+string(tr), func(t *testing.T) {
				t.Parallel()
				listed, err := serve(t, file, tr).ListTools(context.Background())
				if err != nil || len(listed) != len(saved) {
					t.Fatalf("listed %d tools (%v), saved %d", len(listed), err, len(saved))
				}
				for i, want := range saved {
					got := listed[i]
					if got.Name != want.Name {
						t.Fatalf("tool %d is %q, saved %q", i, got.Name, want.Name)
					}
					if canonical(t, got.InputSchema) != canonical(t, want.InputSchema) {
						t.Errorf("%s inputSchema:\n got %s\nwant %s", got.Name, got.InputSchema, want.InputSchema)
					}
					if (want.OutputSchema == nil) != (got.OutputSchema == nil) ||
						(want.OutputSchema != nil && canonical(t, got.OutputSchema) != canonical(t, want.OutputSchema)) {
						t.Errorf("%s outputSchema:\n got %s\nwant %s", got.Name, got.OutputSchema, want.OutputSchema)
					}
					if !jsondoc.Equal(got.Raw, want.Raw) {
						t.Errorf("%s:\n got %s\nwant %s", got.Name, got.Raw, compact(want.Raw))
					}
				}
			})
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCalls calls every tool of every file, once with the minimal example
// of its inputSchema and once with the arguments broken, over every
// transport.
func TestCalls(t *testing.T) {
	t.Parallel()
	for _, file := range toolsFiles(t) {
		for _, tr := range transports {
			t.Run(filepath.Base(file)+"/"+string(tr), func(t *testing.T) {
				t.Parallel()
				s := serve(t, file, tr)
				tools, err := s.ListTools(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				for _, tool := range tools {
					if strings.Contains(string(tool.Raw), `"taskSupport":"required"`) {
						continue // mcp-go refuses calls without a task, as the real server does
					}
					checkCalls(t, s, tool)
				}
			})
		}
	}
}

func checkCalls(t *testing.T, s *client.Session, tool tool.Tool) {
	t.Helper()
	form, err := schemaform.Compile(tool.InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	args := form.Example(schemaform.Minimal)
	res, err := s.CallTool(context.Background(), tool.Name, args, nil)
	if err != nil || res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "mock "+tool.Name+" called with") {
		t.Fatalf("%s %s: %v %+v", tool.Name, args, err, res)
	}
	if tool.OutputSchema != nil {
		v, _ := schemaform.NewValidator(tool.OutputSchema)
		violations, err := v.Validate(res.StructuredContent)
		if err != nil || len(violations) > 0 || len(res.Content) != 2 || !jsondoc.Equal([]byte(res.Content[1].Text), res.StructuredContent) {
			t.Errorf("%s: structuredContent %s: %v %v; content %+v", tool.Name, res.StructuredContent, err, violations, res.Content)
		}
	}
}

// TestInvalidArguments checks that a call breaking the inputSchema gets
// isError naming every violation with its path.
func TestInvalidArguments(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, tool, args string
		want             []string
	}{
		{"everything", "get-sum", `{"a": "two"}`, []string{
			"invalid arguments for get-sum: 2 violations of the inputSchema",
			"(root): missing property 'b' [schema /required]",
			"/a: got string, want number [schema /properties/a/type]"}},
		{"fixture", "create_order", `{"items": [], "shipping_address": {"phone": "x"}, "payment_method": "cash"}`, []string{
			"/items: minItems: got 0, want 1",
			"/payment_method: value must be one of 'alipay', 'wechat_pay', 'bank_card'",
			"/shipping_address: missing properties 'receiver', 'province', 'city', 'detail'",
			"/shipping_address/phone: 'x' does not match pattern '^[0-9]{11}$'"}},
		{"memory", "create_entities", `{"entities": [{"name": 1}]}`, []string{
			"/entities/0/name: got number, want string"}},
		{"filesystem", "read_text_file", `{}`, []string{"(root): missing property 'path'"}},
	}
	for _, tt := range tests {
		for _, tr := range transports {
			t.Run(tt.tool+"/"+string(tr), func(t *testing.T) {
				t.Parallel()
				s := serve(t, "testdata/"+tt.file+".tools.json", tr)
				res, err := s.CallTool(context.Background(), tt.tool, []byte(tt.args), nil)
				if err != nil || !res.IsError || len(res.Content) != 1 {
					t.Fatalf("%v %+v", err, res)
				}
				for _, w := range tt.want {
					if !strings.Contains(res.Content[0].Text, w) {
						t.Errorf("lacks %q:\n%s", w, res.Content[0].Text)
					}
				}
			})
		}
	}
}
