package client

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestParseListItemsLeniently: a member of the wrong type reads as absent
// and the item keeps its bytes; an item that is not an object is refused.
func TestParseListItemsLeniently(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, raw string
		check     func(t *testing.T, raw json.RawMessage)
	}{
		{"resource", `{"uri":"a://b","name":7,"size":12,"mimeType":"text/plain"}`, func(t *testing.T, raw json.RawMessage) {
			r, err := parseResource(raw)
			if err != nil || r.URI != "a://b" || r.Name != "" || r.Size == nil || *r.Size != 12 || r.MIMEType != "text/plain" || string(r.Raw) != string(raw) {
				t.Errorf("%+v, %v", r, err)
			}
		}},
		{"resource size not a number", `{"uri":"a://b","size":"12"}`, func(t *testing.T, raw json.RawMessage) {
			if r, err := parseResource(raw); err != nil || r.Size != nil {
				t.Errorf("%+v, %v", r, err)
			}
		}},
		{"template", `{"uriTemplate":"a://{x}","name":"x","mimeType":[]}`, func(t *testing.T, raw json.RawMessage) {
			if tm, err := parseTemplate(raw); err != nil || tm.URITemplate != "a://{x}" || tm.MIMEType != "" {
				t.Errorf("%+v, %v", tm, err)
			}
		}},
		{"prompt", `{"name":"p","arguments":[{"name":"a","required":true},"junk",{"name":"b","required":"yes"}]}`, func(t *testing.T, raw json.RawMessage) {
			p, err := parsePrompt(raw)
			if err != nil || len(p.Arguments) != 2 || !p.Arguments[0].Required || p.Arguments[1].Required {
				t.Errorf("%+v, %v", p, err)
			}
		}},
		{"not an object", `["uri"]`, func(t *testing.T, raw json.RawMessage) {
			_, err1 := parseResource(raw)
			_, err2 := parsePrompt(raw)
			_, err3 := parseTemplate(raw)
			for _, err := range []error{err1, err2, err3} {
				if !errors.Is(err, errNotObject) {
					t.Errorf("err = %v, want errNotObject", err)
				}
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.check(t, json.RawMessage(tc.raw))
		})
	}
}
