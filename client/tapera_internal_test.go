package client

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJudgeDiscover: only a DiscoverResult that names a modern version
// toolbench speaks, with a capabilities object, counts.
func TestJudgeDiscover(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, raw, reason string
	}{
		{"valid", `{"supportedVersions":["2026-07-28"],"capabilities":{}}`, ""},
		{"valid among others", `{"supportedVersions":["2099-01-01","2026-07-28","2025-11-25"],"capabilities":{"tools":{}}}`, ""},
		{"empty object", `{}`, "supportedVersions is missing"},
		{"null", `null`, "not a JSON object"},
		{"array", `[]`, "not a JSON object"},
		{"versions not an array", `{"supportedVersions":"2026-07-28","capabilities":{}}`, "not an array of strings"},
		{"versions of numbers", `{"supportedVersions":[2026],"capabilities":{}}`, "not an array of strings"},
		{"versions null", `{"supportedVersions":null,"capabilities":{}}`, "not an array of strings"},
		{"legacy versions only", `{"supportedVersions":["2025-11-25"],"capabilities":{}}`, "names no version toolbench speaks"},
		{"unknown future version only", `{"supportedVersions":["2099-01-01"],"capabilities":{}}`, "names no version toolbench speaks"},
		{"no capabilities", `{"supportedVersions":["2026-07-28"]}`, "capabilities is missing"},
		{"capabilities not an object", `{"supportedVersions":["2026-07-28"],"capabilities":[]}`, "capabilities is not an object"},
		{"capabilities null", `{"supportedVersions":["2026-07-28"],"capabilities":null}`, "capabilities is not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, reason := judgeDiscover(json.RawMessage(tc.raw))
			if tc.reason == "" && reason != "" || !strings.Contains(reason, tc.reason) {
				t.Fatalf("judgeDiscover(%s) = %q, want %q", tc.raw, reason, tc.reason)
			}
		})
	}
}

// TestCheckResultType: absent means complete; known types pass (task for a
// tool call, the tasks extension's answer); anything else is an error
// naming it, even in a result too big to scan.
func TestCheckResultType(t *testing.T) {
	t.Parallel()
	big := `{"content":[{"type":"text","text":"` + strings.Repeat("x", 2*resultTypeScan) + `"}]`
	tests := []struct {
		name, raw, bad string
	}{
		{"absent", `{"content":[]}`, ""},
		{"complete", `{"resultType":"complete"}`, ""},
		{"input required", `{"resultType":"input_required","inputRequests":{}}`, ""},
		{"unknown", `{"resultType":"deferred"}`, "deferred"},
		{"task", `{"resultType":"task","taskId":"t1","status":"working"}`, ""},
		{"empty string", `{"resultType":""}`, ""},
		{"big absent", big + `}`, ""},
		{"big unknown", big + `,"resultType":"later"}`, "later"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := checkResultType("tools/call", json.RawMessage(tc.raw))
			rt, _ := err.(*ResultTypeError)
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.bad != "" && (rt == nil || rt.ResultType != tc.bad):
				t.Fatalf("got %v, want a ResultTypeError naming %q", err, tc.bad)
			}
		})
	}
}
