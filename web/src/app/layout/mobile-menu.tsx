import { useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { SidebarNav } from './sidebar-nav';

/** Below 768 px: a menu button opening the sidebar navigation in a left drawer that closes on navigation. */
export default function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Ouvrir le menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="mobile-menu-button"
      >
        <Menu aria-hidden="true" />
      </Button>
      <SheetContent side="left" className="p-0" data-testid="mobile-drawer">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation de Pricer Bijouterie</SheetDescription>
        <SidebarNav onNavigate={() => setOpen(false)} withAccountActions />
      </SheetContent>
    </Sheet>
  );
}
