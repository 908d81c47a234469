// Command armctl holds tools for the operator's users: `armctl import azure-resource` writes
// the YAML that adopts existing Azure resources (see docs/import.md); `armctl clean crds` drops
// API versions no longer served from the operator's CRDs after an upgrade.
package main

import (
	"github.com/armgen/armgen/internal/armctl"
	"github.com/armgen/armgen/internal/cli"
)

func main() { cli.Main(armctl.NewCommand(armctl.Env{})) }
