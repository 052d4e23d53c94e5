package reach

import (
	"encoding/json"
	"github.com/toolbench/toolbench/check/host"
	"path/filepath"
	"strconv"
	"strings"
)

// Where a server key came from: Options.ServerFrom and the JSON's
// serverNameFrom.
const (
	FromFlag     = host.FromFlag     // --server-name
	FromConfig   = host.FromConfig   // the name of the server in an mcpServers file
	FromServer   = host.FromServer   // the name the server reported (serverInfo.name)
	FromFile     = host.FromFile     // the tools file's top-level "serverName"
	FromFileName = host.FromFileName // the tools file's base name, without extension
	FromDefault  = host.FromDefault  // nothing named it
)

// DefaultKey is the key when nothing names the server: a tools file on
// stdin without "serverName", or a server that reports no name.
const DefaultKey = "server"

// KeySources are what may name the server for the hosts' configurations,
// most binding first.
type KeySources struct {
	// Flag is --server-name.
	Flag string
	// Config is the server's name in an mcpServers file, when the target
	// was one.
	Config string
	// Reported is the name the live server gave in its initialize answer.
	Reported string
	// File is the --tools-file path ("-" for stdin), and Data its
	// contents, whose top-level "serverName" names the server.
	File string
	Data []byte
}

// ServerKey is the key a host's configuration would use for the server,
// which prefixed tool names are made of (mcp__KEY__tool), and where it came
// from: --server-name, else the config name, else the name the server
// reported, else the tools file's "serverName", else the file's base name.
func ServerKey(k KeySources) (name, from string) {
	switch {
	case k.Flag != "":
		return k.Flag, FromFlag
	case k.Config != "":
		return k.Config, FromConfig
	case k.Reported != "":
		return k.Reported, FromServer
	}
	if k.File == "" {
		return DefaultKey, FromDefault
	}
	var doc struct {
		ServerName string `json:"serverName"`
	}
	if json.Unmarshal(k.Data, &doc) == nil && doc.ServerName != "" {
		return doc.ServerName, FromFile
	}
	if k.File == "-" {
		return DefaultKey, FromDefault
	}
	base := filepath.Base(k.File)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	// tools.json and github.tools.json: the name before every extension.
	if i := strings.Index(base, "."); i > 0 {
		base = base[:i]
	}
	return base, FromFileName
}

// KeyPhrase says where the key came from, for the header: `server name
// "everything", as the server reported it; --server-name to change`.
func KeyPhrase(name, from string) string {
	q := strconv.Quote(name)
	switch from {
	case FromFlag:
		return "server name " + q + ", from --server-name"
	case FromConfig:
		return "server name " + q + ", the config name; --server-name to change"
	case FromServer:
		return "server name " + q + ", as the server reported it; --server-name to change"
	case FromFile:
		return "server name " + q + `, from the file's "serverName"; --server-name to change`
	case FromFileName:
		return "server name " + q + ", from the file name; --server-name to change"
	}
	return "server name " + q + ", as nothing named the server; --server-name to change"
}
