package clientview

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// AppContents reads the entries of an app resource and their
// _meta.ui (the MCP Apps extension puts it on each entry of
// resources/read). The typed contents stand in when the raw result says
// nothing.
func AppContents(res *client.ReadResult) []render.AppContent {
	var raw struct {
		Contents []json.RawMessage `json:"contents"`
	}
	if res.Raw != nil {
		_ = json.Unmarshal(res.Raw, &raw)
	}
	out := make([]render.AppContent, 0, len(res.Contents))
	for i, c := range res.Contents {
		ac := render.AppContent{URI: c.URI, MIMEType: c.MIMEType, HTML: c.Text}
		if c.Blob != "" {
			ac.Blob = true
			html, err := base64.StdEncoding.DecodeString(c.Blob)
			if err != nil {
				ac.Problem = fmt.Sprintf("the blob is not base64: %v", err)
			}
			ac.HTML = string(html)
		}
		if i < len(raw.Contents) {
			appMeta(&ac, raw.Contents[i])
		}
		out = append(out, ac)
	}
	return out
}

// appMeta fills an entry's _meta.ui fields from the entry as sent.
func appMeta(ac *render.AppContent, entry json.RawMessage) {
	var e struct {
		Meta struct {
			UI json.RawMessage `json:"ui"`
		} `json:"_meta"`
	}
	if json.Unmarshal(entry, &e) != nil || e.Meta.UI == nil {
		return
	}
	var ui struct {
		CSP *struct {
			Connect  []string `json:"connectDomains"`
			Resource []string `json:"resourceDomains"`
			Frame    []string `json:"frameDomains"`
			BaseURI  []string `json:"baseUriDomains"`
		} `json:"csp"`
		Permissions   map[string]json.RawMessage `json:"permissions"`
		Domain        *string                    `json:"domain"`
		PrefersBorder *bool                      `json:"prefersBorder"`
	}
	if err := json.Unmarshal(e.Meta.UI, &ui); err != nil {
		ac.Problem = fmt.Sprintf("_meta.ui does not have the extension's shape: %v", err)
		return
	}
	if c := ui.CSP; c != nil {
		ac.CSP = &render.AppCSP{ConnectDomains: c.Connect, ResourceDomains: c.Resource, FrameDomains: c.Frame,
			BaseURIDomains: c.BaseURI}
	}
	if ui.Permissions != nil {
		ac.Permissions = []string{}
		for name := range ui.Permissions {
			ac.Permissions = append(ac.Permissions, name)
		}
		slices.Sort(ac.Permissions)
	}
	ac.Domain, ac.PrefersBorder = ui.Domain, ui.PrefersBorder
}
