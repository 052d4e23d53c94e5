package client_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// TestEverythingAsks: server-everything's tools that ask reach the
// Answerer over stdio, SSE and streamable HTTP, name the tool, and the
// server gets the answer.
func TestEverythingAsks(t *testing.T) {
	tests := []struct {
		tool, args string
		kind       client.AskKind
		answer     string
		inAsk      string // in the Ask's params
		result     string // in the result's text
	}{
		{"trigger-elicitation-request", `{}`, client.AskElicit,
			`{"action":"accept","content":{"name":"Ada","integer":42,"check":true,"untitledMultipleSelectEnum":["Piano"],"titledSingleSelectEnum":"hero-2"}}`,
			`"requestedSchema"`, `Ada`},
		{"trigger-url-elicitation", `{"url":"https://example.com/flow"}`, client.AskElicit, `{"action":"accept"}`,
			`"mode":"url"`, "User completed the URL elicitation flow"},
		{"trigger-sampling-request", `{"prompt":"Say hi"}`, client.AskSample,
			`{"role":"assistant","content":{"type":"text","text":"hi from a person"},"model":"person","stopReason":"endTurn"}`,
			`Say hi`, "hi from a person"},
		{"get-roots-list", `{}`, client.AskRoots, `{"roots":[{"uri":"file:///work/project","name":"project"}]}`,
			``, "file:///work/project"},
	}
	for name, tgt := range everythingTargets(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			log := &askLog{answers: map[client.AskKind]string{}}
			s, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 20 * time.Second, Answer: log.answer})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer s.Close()
			for _, tt := range tests {
				log.mu.Lock()
				log.answers = map[client.AskKind]string{tt.kind: tt.answer}
				log.mu.Unlock()
				res, err := s.CallTool(context.Background(), tt.tool, []byte(tt.args), nil)
				if err != nil {
					t.Errorf("%s: %v", tt.tool, err)
					continue
				}
				if res.IsError || !strings.Contains(string(res.Raw), jsonText(tt.result)) {
					t.Errorf("%s: result %s, want it to hold %q", tt.tool, res.Raw, tt.result)
				}
				var found bool
				for _, a := range log.all() {
					if a.Kind == tt.kind && strings.Contains(string(a.Params), tt.inAsk) {
						found = true
						if a.Kind != client.AskRoots && a.Tool != tt.tool {
							t.Errorf("%s: ask names tool %q", tt.tool, a.Tool)
						}
					}
				}
				if tt.kind == client.AskElicit && tt.tool == "trigger-elicitation-request" {
					checkServerOrder(t, log.all())
				}
				if !found {
					t.Errorf("%s: no %s ask with %s reached the Answerer: %+v", tt.tool, tt.kind, tt.inAsk, log.all())
				}
			}
		})
	}
}

// checkServerOrder checks that the elicitation's requestedSchema reached
// the Answerer with its properties in the server's order: the form shows
// them that way.
func checkServerOrder(t *testing.T, asked []client.Ask) {
	t.Helper()
	want := []string{"name", "check", "firstLine", "email", "homepage", "birthdate", "integer", "number",
		"untitledSingleSelectEnum", "untitledMultipleSelectEnum", "titledSingleSelectEnum", "titledMultipleSelectEnum", "legacyTitledEnum"}
	for _, a := range asked {
		if a.Kind != client.AskElicit || !strings.Contains(string(a.Params), `"requestedSchema"`) {
			continue
		}
		at := -1
		for _, key := range want {
			i := strings.Index(string(a.Params), `"`+key+`":{`)
			if i < at {
				t.Errorf("property %q comes before the one the server sent before it: %s", key, a.Params)
				return
			}
			at = i
		}
		return
	}
}
