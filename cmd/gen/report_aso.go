package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen/asocatalog"
	"github.com/armgen/armgen/pkg/codegen/catalog"
)

// newReportASOCommand answers "is my ASO resource supported?" for every kind ASO exports.
func newReportASOCommand(g *globalFlags) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "aso",
		Short: "Report, for every ARM kind Azure Service Operator exports, whether azure-arm.yaml exports it, the spec root has it, or it is not in the corpus",
		Long: `report aso compares ASO's catalogue (the kinds ASO v2 exports, recorded in
` + asocatalog.DataFile + ` with the source file and commit of each) with the spec root
and azure-arm.yaml, matching ARM types ignoring case. Each ASO kind gets one line:

  exported                  azure-arm.yaml exports it; ARMGEN KIND and VERSIONS say as what
  in corpus, not exported   the spec root has it (newest api-version shown) but it is not exported
  NOT IN THE CORPUS         the spec root has no PUT for that ARM type (a service newer than the
                            pinned specs, or one whose type is a path parameter)

The last column, ASO VERSIONS NOT EXPORTED, lists ASO's api-versions of the kind that the
spec root has but azure-arm.yaml does not export: an ASO manifest names its api-version, so
one at such a version is refused until "gen add <group> <api-version> <Kind>" exports it
(copy the kind's facts from its other version). A summary line with the counts follows.`,
		Example: `  gen report aso
  gen report aso -o json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "table" && format != "json" {
				return fmt.Errorf("-o %s: expected table or json", format)
			}
			aso, err := asocatalog.Load()
			if err != nil {
				return err
			}
			cfg, root, err := listInputs(cmd, g)
			if err != nil {
				return err
			}
			cat, err := catalog.Load(cmd.Context(), root, catalog.Filter{}, cfg)
			if err != nil {
				return err
			}
			if !g.quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), "%d ASO kinds in %d groups against %d resources of the spec root (%s)\n",
					len(aso.Entries()), aso.Groups(), len(cat.Resources), cat.Elapsed.Round(time.Millisecond))
			}
			rows := asocatalog.Compare(aso, cat)
			if format == "json" {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(rows)
			}
			return asocatalog.WriteTable(cmd.OutOrStdout(), rows)
		},
	}
	cmd.Flags().StringVarP(&format, "output", "o", "table", "output format: table or json")
	return cmd
}
