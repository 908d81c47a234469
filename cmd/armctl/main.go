// Command armctl holds tools for the operator's users: `armctl import azure-resource` writes
// the YAML that adopts existing Azure resources (see docs/import.md).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/armgen/armgen/internal/armctl"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := armctl.NewCommand(armctl.Env{}).ExecuteContext(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "armctl:", err)
		os.Exit(1)
	}
}
