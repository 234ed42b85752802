import { useState } from "react";
import { TabPanel, Tabs, useTabsId } from "@/components/ui/tabs";
import { useI18n } from "@/lib/i18n";
import { useLandingSamples } from "../hooks/use-landing-samples";
import { SAMPLE_TAB_ORDER, samplesForTab, type SampleTab } from "../lib/samples";
import { SampleImage } from "./sample-image";

/** The tabs and their samples: an island of the server-rendered landing page. */
export function CategoryTabs() {
  const { t, lang } = useI18n();
  const styles = useLandingSamples();
  const [tab, setTab] = useState<SampleTab>("professional");
  const idBase = useTabsId();
  const samples = samplesForTab(styles ?? [], tab);
  return (
    <>
      <Tabs
        idBase={idBase}
        label={t("landing.categories.tabsLabel")}
        value={tab}
        onChange={setTab}
        // On a phone the four tabs are wider than the screen: the strip scrolls, and fades out
        // on the side where more tabs are hidden (no script: the landing's JS budget).
        className="scroll-fade-x w-full sm:w-auto"
        tabClassName="flex-1 px-2.5 sm:flex-none sm:px-4"
        items={SAMPLE_TAB_ORDER.map((value) => ({
          value,
          label: t(`landing.categories.${value}`),
        }))}
      />
      <TabPanel idBase={idBase} value={tab} className="w-full rounded-2xl">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {(samples.length > 0 ? samples : Array.from({ length: 8 }, () => null)).map(
            (style, index) => (
              <li
                key={style?.id ?? index}
                className="overflow-hidden rounded-2xl border bg-card shadow-soft"
              >
                <SampleImage image={style?.preview ?? null} alt="" />
                {/* The whole name: a long one takes a third line rather than being cut. */}
                <div className="min-h-[3.25rem] px-3 py-2 text-sm leading-snug font-semibold">
                  <p className="[overflow-wrap:anywhere]">
                    {style ? (lang === "id" ? style.nameId : style.name) : "\u00a0"}
                  </p>
                </div>
              </li>
            ),
          )}
        </ul>
      </TabPanel>
    </>
  );
}
