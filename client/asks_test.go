package client_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
)

var eras = []asks.Era{asks.Legacy, asks.Modern}

// TestAsksEveryKind: each kind of ask reaches the Answerer with the call's
// tool named and the server's params, and the answer reaches the server,
// on both eras over every transport.
func TestAsksEveryKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool   string
		kind   client.AskKind
		answer string
		inAsk  string // in the Ask's params, byte for byte
		result string // in the call's result
	}{
		{"elicit_form", client.AskElicit, `{"action":"accept","content":{"name":"Grace","count":4}}`, asks.FormSchema, `"name":"Grace"`},
		{"elicit_url", client.AskElicit, `{"action":"accept"}`, asks.ElicitationID, `"action":"accept"`},
		{"sample", client.AskSample, `{"role":"assistant","content":{"type":"text","text":"Sunny."},"model":"person","stopReason":"endTurn"}`, `"get_weather"`, `Sunny.`},
		{"roots", client.AskRoots, `{"roots":[{"uri":"file:///work","name":"work"}]}`, ``, `file:///work`},
	}
	for _, kind := range transports {
		for _, era := range eras {
			t.Run(kind+"/"+string(era), func(t *testing.T) {
				t.Parallel()
				log := &askLog{answers: map[client.AskKind]string{}}
				s, _ := connectAsks(t, kind, era, client.Options{Answer: log.answer})
				wantEra(t, s, era)
				for _, tt := range tests {
					log.mu.Lock()
					log.answers = map[client.AskKind]string{tt.kind: tt.answer}
					log.mu.Unlock()
					res, err := s.CallTool(context.Background(), tt.tool, []byte(`{}`), nil)
					if err != nil {
						t.Fatalf("%s: %v", tt.tool, err)
					}
					if res.IsError || !strings.Contains(string(res.Raw), jsonText(tt.result)) {
						t.Errorf("%s: result %s, want it to hold %s", tt.tool, res.Raw, tt.result)
					}
					asked := log.all()
					last := asked[len(asked)-1]
					wantTool := tt.tool
					if era == asks.Legacy && tt.kind == client.AskRoots {
						// A legacy roots/list is tied to a call only by the
						// call's own stream: stdio and SSE have none, and
						// mcp-go's HTTP server sends it on the GET stream.
						wantTool = ""
					}
					if last.Kind != tt.kind || last.Tool != wantTool || !strings.Contains(string(last.Params), tt.inAsk) {
						t.Errorf("%s: ask = %+v (params %s)", tt.tool, last, last.Params)
					}
					wantRound := 0
					if era == asks.Modern {
						wantRound = 1
					}
					if last.Round != wantRound {
						t.Errorf("%s: round %d, want %d", tt.tool, last.Round, wantRound)
					}
				}
			})
		}
	}
}

// jsonText is s as it appears inside a JSON string (the fixture quotes the
// answer it got into its result text).
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
