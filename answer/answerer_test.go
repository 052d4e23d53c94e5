package answer

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

func TestAnswererComposes(t *testing.T) {
	t.Parallel()
	decline, _ := ParseElicit(Decline)
	reply := writeFile(t, "reply.json", `{"role":"assistant","content":{"type":"text","text":"42"},"model":"m"}`)
	sample, err := ParseSample(reply)
	if err != nil {
		t.Fatal(err)
	}
	reject, _ := ParseSample(Reject)
	elicit := client.Ask{Kind: client.AskElicit, Tool: "t", Params: json.RawMessage(`{"message":"Name?","requestedSchema":{"type":"object","properties":{}}}`)}
	sampling := client.Ask{Kind: client.AskSample, Round: 2, Key: "k", Params: json.RawMessage(`{"messages":[{"role":"user","content":{"type":"text","text":"Say 42"}}],"maxTokens":5}`)}
	roots := client.Ask{Kind: client.AskRoots, Params: json.RawMessage(`{}`)}
	tests := []struct {
		name    string
		p       Policies
		ask     client.Ask
		want    string // the result sent, "" when refused
		word    string
		refused error // what the refusal wraps
	}{
		{"elicit decline", Policies{Elicit: &decline}, elicit, `{"action":"decline"}`, "decline", nil},
		{"elicit without policy", Policies{Sample: &sample}, elicit, "", NoAnswer, client.ErrNoAnswer},
		{"sample reply", Policies{Sample: &sample}, sampling, `{"role":"assistant","content":{"type":"text","text":"42"},"model":"m"}`, Reply, nil},
		{"sample reject", Policies{Sample: &reject}, sampling, "", Reject, ErrRejected},
		{"sample without policy", Policies{Elicit: &decline}, sampling, "", NoAnswer, client.ErrNoAnswer},
		{"roots", Policies{Roots: []string{"/a", "/b c"}}, roots, `{"roots":[{"uri":"file:///a","name":"a"},{"uri":"file:///b%20c","name":"b c"}]}`, RootsGiven, nil},
		{"no roots", Policies{}, roots, `{"roots":[]}`, RootsGiven, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.p.Log = &Log{}
			res, err := tt.p.Answerer()(context.Background(), tt.ask)
			if string(res) != tt.want || !errors.Is(err, tt.refused) || (tt.refused == nil) != (err == nil) {
				t.Errorf("answered %s, %v; want %s refusing with %v", res, err, tt.want, tt.refused)
			}
			recs := tt.p.Log.Records()
			if len(recs) != 1 || recs[0].Answer != tt.word || recs[0].Kind != tt.ask.Kind || recs[0].Tool != tt.ask.Tool ||
				recs[0].Round != tt.ask.Round || recs[0].Key != tt.ask.Key || string(recs[0].Sent) != tt.want {
				t.Errorf("records = %+v", recs)
			}
			u := tt.p.Log.Unanswered()
			if (u != nil) != (tt.word == NoAnswer) || (u != nil && u.Ask.Kind != tt.ask.Kind) {
				t.Errorf("unanswered = %v", u)
			}
		})
	}
}

func TestAnswererFailsOnAnUnfillableForm(t *testing.T) {
	t.Parallel()
	accept, _ := ParseElicit(AcceptDefaults)
	p := Policies{Elicit: &accept, Log: &Log{}}
	_, err := p.Answerer()(context.Background(), client.Ask{Kind: client.AskElicit, Params: json.RawMessage(`{"message":"x"}`)})
	if err == nil || errors.Is(err, client.ErrNoAnswer) || !strings.Contains(err.Error(), "--elicit accept-defaults: requestedSchema: missing") {
		t.Errorf("err = %v", err)
	}
	if r := p.Log.Records(); len(r) != 1 || r[0].Answer != Failed || r[0].Error == "" {
		t.Errorf("records = %+v", r)
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ask  client.Ask
		want Summary
	}{
		{client.Ask{Kind: client.AskElicit, Params: json.RawMessage(`{"message":"Name?","requestedSchema":{}}`)}, Summary{Mode: "form", Message: "Name?"}},
		{client.Ask{Kind: client.AskElicit, Params: json.RawMessage(`{"mode":"url","message":"Go","url":"https://x.example"}`)}, Summary{Mode: "url", Message: "Go", URL: "https://x.example"}},
		{client.Ask{Kind: client.AskSample, Params: json.RawMessage(`{"messages":[{"role":"user","content":{"type":"text","text":"a"}},{"role":"user","content":{"type":"text","text":"b"}}]}`)}, Summary{Message: "b", Messages: 2}},
		{client.Ask{Kind: client.AskSample, Params: json.RawMessage(`{"messages":[{"role":"user","content":{"type":"image","data":"","mimeType":"image/png"}}]}`)}, Summary{Messages: 1}},
		{client.Ask{Kind: client.AskRoots}, Summary{}},
	}
	for _, tt := range tests {
		if got := Summarize(tt.ask); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.ask.Params, got, tt.want)
		}
	}
}

// TestLogKeepsAtMostMaxRecords: a server asking without end grows the
// log no further than MaxRecords; the rest are counted.
func TestLogKeepsAtMostMaxRecords(t *testing.T) {
	t.Parallel()
	var log Log
	answer := Policies{Roots: []string{"/"}, Log: &log}.Answerer()
	for range MaxRecords + 5 {
		if _, err := answer(context.Background(), client.Ask{Kind: client.AskRoots}); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(log.Records()); got != MaxRecords || log.Omitted() != 5 {
		t.Errorf("log keeps %d records and counts %d omitted; want %d and 5", got, log.Omitted(), MaxRecords)
	}
}
