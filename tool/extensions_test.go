package tool

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestTaskSupportAndApp(t *testing.T) {
	cases := []struct {
		name, raw   string
		task        string
		uri         string
		deprecated  bool
		hiddenModel bool
	}{
		{name: "plain", raw: `{"name":"a"}`, task: TaskForbidden},
		{name: "required", raw: `{"name":"a","execution":{"taskSupport":"required"}}`, task: TaskRequired},
		{name: "wrong type", raw: `{"name":"a","execution":{"taskSupport":7}}`, task: TaskForbidden},
		{name: "app", raw: `{"name":"a","_meta":{"ui":{"resourceUri":"ui://w/a.html"}}}`, task: TaskForbidden, uri: "ui://w/a.html"},
		{name: "app only", raw: `{"name":"a","_meta":{"ui":{"resourceUri":"ui://w","visibility":["app"]}}}`, task: TaskForbidden, uri: "ui://w", hiddenModel: true},
		{name: "both", raw: `{"name":"a","_meta":{"ui":{"resourceUri":"ui://w","visibility":["app","model"]}}}`, task: TaskForbidden, uri: "ui://w"},
		{name: "flat", raw: `{"name":"a","_meta":{"ui/resourceUri":"ui://old"}}`, task: TaskForbidden, uri: "ui://old", deprecated: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl, err := Parse(json.RawMessage(c.raw))
			if err != nil {
				t.Fatal(err)
			}
			if tl.TaskSupport != c.task {
				t.Errorf("TaskSupport = %q, want %q", tl.TaskSupport, c.task)
			}
			if c.uri == "" {
				if tl.App != nil {
					t.Errorf("App = %+v, want none", tl.App)
				}
				return
			}
			if tl.App == nil || tl.App.ResourceURI != c.uri || tl.App.Deprecated != c.deprecated {
				t.Fatalf("App = %+v, want %s (deprecated %v)", tl.App, c.uri, c.deprecated)
			}
			if got := tl.App.HiddenFromModel(); got != c.hiddenModel {
				t.Errorf("HiddenFromModel = %v, want %v (visibility %v)", got, c.hiddenModel, slices.Clone(tl.App.Visibility))
			}
		})
	}
}
