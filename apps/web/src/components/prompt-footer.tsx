import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

/** The footer of the generator's prompts: "later" closes the dialog, the main action goes to `to`. */
export function PromptFooter({ later, cta, to }: { later: string; cta: string; to: string }) {
  return (
    <DialogFooter className="sm:justify-stretch">
      <DialogClose asChild>
        <Button variant="outline" size="lg" className="sm:flex-1">
          {later}
        </Button>
      </DialogClose>
      <Button asChild size="lg" className="sm:flex-1">
        <Link to={to}>{cta}</Link>
      </Button>
    </DialogFooter>
  );
}
