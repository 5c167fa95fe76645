import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { SidebarNav } from './sidebar-nav';

/** The sidebar navigation in a left drawer that closes on navigation (opened by the header's menu button). */
export default function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="p-0" data-testid="mobile-drawer">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation de Pricer Bijouterie</SheetDescription>
        <SidebarNav onNavigate={() => onOpenChange(false)} withAccountActions />
      </SheetContent>
    </Sheet>
  );
}
