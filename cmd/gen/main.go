// Command gen generates Kubernetes APIs for Azure resources from ARM swagger; see README.md.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := newRootCommand().ExecuteContext(ctx); err != nil {
		fmt.Fprintln(os.Stderr, painter(colourOn(os.Stderr)).paint(styleRed+";"+styleBold, "error:"), err)
		os.Exit(1)
	}
}
