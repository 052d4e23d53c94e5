package log

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/render"
)

func TestReadFrame(t *testing.T) {
	t.Parallel()
	meta := `"_meta":{"io.modelcontextprotocol/clientInfo":{"name":"toolbench"},"progressToken":[1,{"a":[]}]}`
	tests := []struct {
		name string
		data string
		want frameFacts
	}{
		{"modern call", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{` + meta + `,"name":"get-sum","arguments":{"name":"not this"}}}`,
			frameFacts{kind: render.FrameRequest, method: "tools/call", name: "get-sum", id: "4"}},
		{"members in any order", `{"params":{"name":"p"},"method":"prompts/get","id":"x 1","jsonrpc":"2.0"}`,
			frameFacts{kind: render.FrameRequest, method: "prompts/get", name: "p", id: `"x 1"`}},
		{"resource", `{"id":1,"method":"resources/read","params":{"uri":"file:///a"}}`,
			frameFacts{kind: render.FrameRequest, method: "resources/read", name: "file:///a", id: "1"}},
		{"name of another method", `{"id":1,"method":"completion/complete","params":{"name":"n"}}`,
			frameFacts{kind: render.FrameRequest, method: "completion/complete", id: "1"}},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/progress","params":[1,2]}`,
			frameFacts{kind: render.FrameNotification, method: "notifications/progress"}},
		{"result", `{"jsonrpc":"2.0","id":4,"result":{"content":[],"isError":false}}`, frameFacts{kind: render.FrameResult, id: "4"}},
		{"isError", `{"id":4,"result":{"isError":true}}`, frameFacts{kind: render.FrameToolError, id: "4"}},
		{"input_required", `{"id":4,"result":{"resultType":"input_required"}}`, frameFacts{kind: render.FrameInput, id: "4"}},
		{"error", `{"id":null,"error":{"code":-32700,"message":"parse error"}}`,
			frameFacts{kind: render.FrameError, id: "null", code: -32700, message: "parse error"}},
		{"cut short", `{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"aaaa`, frameFacts{kind: render.FrameResult, id: "9"}},
		{"cut in the arguments", `{"id":2,"method":"tools/call","params":{"name":"big","arguments":{"x":"` + strings.Repeat("y", 100),
			frameFacts{kind: render.FrameRequest, method: "tools/call", name: "big", id: "2"}},
		{"method of the wrong type", `{"id":2,"method":7,"params":{"name":"n"}}`, frameFacts{kind: render.FrameUnknown, id: "2"}},
		{"batch", `[{"id":1,"method":"ping"}]`, frameFacts{}},
		{"garbage", `DEBUG: hello`, frameFacts{}},
		{"empty", ``, frameFacts{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := readFrame([]byte(tt.data)); got != tt.want {
				t.Errorf("readFrame = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func FuzzReadFrame(f *testing.F) {
	f.Add([]byte(`{"id":4,"method":"tools/call","params":{"name":"a"}}`))
	f.Add([]byte(`{"id":4,"result":{"isError":true}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ff := readFrame(data)
		if ff.kind == render.FrameRequest && ff.id == "" {
			t.Errorf("a request without an id: %+v", ff)
		}
	})
}
